/**
 * Connection settings of Spring Boot configuration (and the Micronaut and
 * Quarkus files that share its names): `application*.yml|yaml|properties` and
 * `bootstrap*` of a service, and the per-service files of a Spring Cloud
 * Config repository (`customers-service.yml` in a `config-repo` folder). Every
 * property whose value holds a URL (`spring.datasource.url`,
 * `spring.cloud.gateway.routes[0].uri: lb://customers-service`,
 * `eureka.client.serviceUrl.defaultZone`) or whose name says it holds hosts
 * (`spring.redis.host`, `spring.kafka.bootstrap-servers`) is a setting,
 * resolved once every file is read: `${VAR:default}` falls back to its
 * default. Every YAML document counts, whatever profile it is for.
 */
import { hostSettingPattern } from '../connection-settings';
import type { Evidence } from '../extracted-fact';
import { noFileFacts, type ElementRef, type Extractor, type FileFacts, type SettingHint } from '../file-facts';
import { parseJavaProperties } from '../java-properties';
import { baseNameOf, folderOf } from '../repository-paths';
import { asRecord, evidenceAt, parseStructuredDocuments } from '../structured-text';

/** A service's own configuration: `application.yml`, `application-docker.properties`, `bootstrap.yaml`. */
const ownFileName = /^(?:application|bootstrap)(?:-[\w.-]+)?\.(?:ya?ml|properties)$/i;

/**
 * Folders that hold a Spring Cloud Config repository: files there are named
 * after the service they configure, and its `application.yml` is shared by
 * every service, so it is no one service's.
 */
export const configRepositoryFolders: readonly string[] = Object.freeze(['config-repo', 'config-repository', 'configrepo', 'cloud-config', 'config-server-repo', 'spring-cloud-config', 'config-data', 'configurations']);

/** Further folders whose Spring files named after a service configure that service (`config/customers-service.yml`). */
export const serviceConfigFolders: readonly string[] = Object.freeze([...configRepositoryFolders, 'config', 'configs', 'configuration']);

/** Profile names dropped from a config-repository file's name (`customers-service-docker.yml` configures `customers-service`). */
export const knownProfiles: readonly string[] = Object.freeze([
  'default',
  'dev',
  'development',
  'local',
  'test',
  'qa',
  'uat',
  'stage',
  'staging',
  'prod',
  'production',
  'docker',
  'compose',
  'k8s',
  'kubernetes',
  'openshift',
  'cloud',
  'native',
  'aws',
  'azure',
  'gcp',
  'mysql',
  'postgres',
  'postgresql',
  'h2',
  'hsqldb',
]);

/** Names of other tools' files that may sit in a config folder and are no service. */
const toolFileNames = /^(?:logback|log4j2?|prometheus|grafana|alertmanager|docker-compose|compose|openapi|swagger|asyncapi|mkdocs|checkstyle|sonar|renovate|dependabot|codecov|application|bootstrap)$/i;

/** Top-level property names of Spring configuration: a config-repository file must use one to count. */
const springRoots = /^(?:spring|server|eureka|management|zuul|ribbon|feign|hystrix|resilience4j|springdoc|logging|info)$/;

function inFolderOf(path: string, names: readonly string[]): boolean {
  return folderOf(path)
    .toLowerCase()
    .split('/')
    .some((part) => names.includes(part));
}

/** A file every service of a config repository shares (its `application.yml`): it states no one service's calls. */
function isSharedConfig(path: string): boolean {
  return ownFileName.test(baseNameOf(path)) && inFolderOf(path, configRepositoryFolders) && !/(?:^|\/)src\/main\/resources\//i.test(path);
}

function isTestResource(path: string): boolean {
  return /(?:^|\/)src\/(?:test|it|integration-?test)\//i.test(path);
}

/** The service a config-repository file configures, or null when the file is none or its name is not a plausible service name. */
export function configuredServiceOf(path: string): string | null {
  if (!inFolderOf(path, serviceConfigFolders)) return null;
  const match = /^([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*)\.(?:ya?ml|properties)$/.exec(baseNameOf(path));
  if (match === null) return null;
  let name = match[1]!;
  const dash = name.lastIndexOf('-');
  if (dash > 0 && knownProfiles.includes(name.slice(dash + 1))) name = name.slice(0, dash);
  return toolFileNames.test(name) ? null : name;
}

export function mayBeSpringConfig(path: string): boolean {
  if (isTestResource(path) || isSharedConfig(path)) return false;
  return ownFileName.test(baseNameOf(path)) || configuredServiceOf(path) !== null;
}

interface Property {
  name: string;
  value: string;
  evidence: Evidence;
}

/** The scalar properties of a YAML value by dotted path; list items as `[i]`, as Spring writes them. */
function flatten(value: unknown, name: string, at: (string | number)[], visit: (name: string, at: (string | number)[], value: string) => void, depth = 0): void {
  if (depth > 32) return;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (name !== '') visit(name, at, String(value));
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) flatten(item, `${name}[${index}]`, [...at, index], visit, depth + 1);
  } else {
    const record = asRecord(value);
    if (record === null) return;
    for (const [key, item] of Object.entries(record)) flatten(item, name === '' ? key : `${name}.${key}`, [...at, key], visit, depth + 1);
  }
}

function propertiesOf(path: string, text: string): Property[] | null {
  if (/\.properties$/i.test(path)) {
    return parseJavaProperties(text).map((entry) => ({ name: entry.key, value: entry.value.trim(), evidence: { path, startLine: entry.startLine, endLine: entry.endLine } }));
  }
  const documents = parseStructuredDocuments(text);
  if (documents.length === 0) return null;
  const found: Property[] = [];
  for (const document of documents) {
    flatten(document.value, '', [], (name, at, value) => {
      const span = document.spanAt(at);
      if (span !== null) found.push({ name, value, evidence: evidenceAt(path, span) });
    });
  }
  return found;
}

/** Whether a property may name hosts: its value holds a URL, or its name says it holds hosts. */
function mayNameHosts(property: Property): boolean {
  return property.value.includes('://') || hostSettingPattern.test(property.name);
}

/**
 * `${name}` placeholders that name another property of the same file
 * (`http://${eureka.instance.hostname}:8761/eureka/`) are replaced by its
 * value; environment placeholders are left for the settings' resolution.
 */
function withFileProperties(property: Property, byName: ReadonlyMap<string, Property>): { value: string; evidence: Evidence[] } {
  const evidence = [property.evidence];
  let value = property.value;
  for (let round = 0; round < 4 && value.includes('${'); round++) {
    value = value.replace(/\$\{([\w.-]+)(?::[^${}]*)?\}/g, (placeholder, name: string) => {
      const other = byName.get(name);
      if (other === undefined || other === property) return placeholder;
      evidence.push(other.evidence);
      return other.value;
    });
  }
  return { value, evidence };
}

function extract(path: string, text: string): FileFacts {
  if (!mayBeSpringConfig(path)) return noFileFacts;
  const properties = propertiesOf(path, text);
  if (properties === null || properties.length === 0) return noFileFacts;
  const service = ownFileName.test(baseNameOf(path)) ? null : configuredServiceOf(path);
  if (!ownFileName.test(baseNameOf(path)) && (service === null || !properties.some((property) => springRoots.test(property.name.split(/[.[]/)[0]!)))) return noFileFacts;
  const from: ElementRef = service === null ? { by: 'enclosing', folder: folderOf(path) } : { by: 'name', kind: 'app', name: service };
  const byName = new Map<string, Property>();
  for (const property of properties) if (!byName.has(property.name)) byName.set(property.name, property);
  const hints: SettingHint[] = properties.filter(mayNameHosts).map((property) => {
    const { value, evidence } = withFileProperties(property, byName);
    return { hint: 'setting', from, variable: property.name, value, envFolder: null, evidence };
  });
  return hints.length === 0 ? noFileFacts : { facts: [], hints };
}

export const springConfigExtractor: Extractor = {
  name: 'spring-config',
  version: 1,
  mayRead: mayBeSpringConfig,
  extract,
  tables: { ownFileName: ownFileName.source, configRepositoryFolders, serviceConfigFolders, knownProfiles, toolFileNames: toolFileNames.source, springRoots: springRoots.source },
};
