/**
 * Every extraction rule a scan runs, in the order they run on a file. The
 * list is part of the rules version: adding, removing or changing one changes
 * the hash (rules-version.ts).
 */
import { aspireAppHostExtractor } from './extractors/aspire-app-host';
import { asyncapiExtractor } from './extractors/asyncapi';
import { ciImageBuildsExtractor } from './extractors/ci-image-builds';
import { cloudformationFunctionsExtractor } from './extractors/cloudformation-functions';
import { csprojExtractor } from './extractors/csproj';
import { dockerComposeExtractor } from './extractors/docker-compose';
import { dockerfileExtractor } from './extractors/dockerfile';
import { dotenvExtractor } from './extractors/dotenv';
import { dotnetAppSettingsExtractor } from './extractors/dotnet-appsettings';
import { envoyExtractor } from './extractors/envoy';
import { goModExtractor } from './extractors/go-mod';
import { helmChartExtractor } from './extractors/helm-chart';
import { jsonSchemaExtractor } from './extractors/json-schema';
import { kubernetesManifestsExtractor } from './extractors/kubernetes-manifests';
import { mavenPomExtractor } from './extractors/maven-pom';
import { nginxExtractor } from './extractors/nginx';
import { openapiExtractor } from './extractors/openapi';
import { packageJsonExtractor } from './extractors/package-json';
import { procfileExtractor } from './extractors/procfile';
import { protoExtractor } from './extractors/proto';
import { pyprojectTomlExtractor } from './extractors/pyproject-toml';
import { serverlessFrameworkExtractor } from './extractors/serverless-framework';
import { skaffoldExtractor } from './extractors/skaffold';
import { springConfigExtractor } from './extractors/spring-config';
import { terraformExtractor } from './extractors/terraform';
import type { Extractor } from './file-facts';

export const extractors: readonly Extractor[] = Object.freeze([
  packageJsonExtractor,
  pyprojectTomlExtractor,
  goModExtractor,
  mavenPomExtractor,
  csprojExtractor,
  dockerfileExtractor,
  dockerComposeExtractor,
  dotenvExtractor,
  kubernetesManifestsExtractor,
  terraformExtractor,
  openapiExtractor,
  asyncapiExtractor,
  jsonSchemaExtractor,
  nginxExtractor,
  envoyExtractor,
  springConfigExtractor,
  dotnetAppSettingsExtractor,
  protoExtractor,
  aspireAppHostExtractor,
  skaffoldExtractor,
  helmChartExtractor,
  procfileExtractor,
  serverlessFrameworkExtractor,
  cloudformationFunctionsExtractor,
  ciImageBuildsExtractor,
]);

/** Whether any rule may find facts in a file at this path (by name alone). */
export function mayHoldFacts(path: string, rules: readonly Extractor[] = extractors): boolean {
  return rules.some((extractor) => extractor.mayRead(path));
}
