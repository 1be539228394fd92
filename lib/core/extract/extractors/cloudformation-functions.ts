/**
 * Functions an AWS SAM or CloudFormation template deploys
 * (`AWS::Serverless::Function`, `AWS::Lambda::Function`): each is a deployed
 * app named by its `FunctionName` when that is plain text, else by its
 * logical id, built from its `CodeUri` (SAM, or `Globals.Function.CodeUri`)
 * or local `Code` folder, or from `Metadata.DockerContext`/`Dockerfile` for
 * an image function. Intrinsic functions (`!Ref`, `!Sub`) are not evaluated:
 * a value written with one is left out.
 */
import { cleanName } from '../fact-keys';
import type { Evidence } from '../extracted-fact';
import { noFileFacts, type DeploymentHint, type Extractor, type FileFacts } from '../file-facts';
import { folderOf, joinRepositoryPath } from '../repository-paths';
import { entriesOf, evidenceAt, isJsonPath, member, parseStructuredDocuments, stringMember } from '../structured-text';
import { imageRepository } from '../technology-catalog';

export const functionResourceTypes: readonly string[] = Object.freeze(['AWS::Serverless::Function', 'AWS::Lambda::Function']);

function folderIn(templateFolder: string, written: string | undefined): string | null {
  if (written === undefined || written.startsWith('s3://')) return null;
  const joined = joinRepositoryPath(templateFolder, written);
  // A zip or jar names a built artifact: its folder is not what was built.
  return joined === null || /\.(?:zip|jar)$/i.test(joined) ? null : joined;
}

function extract(path: string, text: string): FileFacts {
  if (!functionResourceTypes.some((type) => text.includes(type))) return noFileFacts;
  const [document] = parseStructuredDocuments(text, isJsonPath(path) ? 'json' : 'yaml');
  if (document === undefined) return noFileFacts;
  const templateFolder = folderOf(path);
  const globalCodeUri = stringMember(member(member(document.value, 'Globals'), 'Function'), 'CodeUri');
  const hints: DeploymentHint[] = [];
  for (const [logicalId, resource] of entriesOf(member(document.value, 'Resources'))) {
    const type = stringMember(resource, 'Type');
    const span = document.spanAt(['Resources', logicalId]);
    if (type === undefined || !functionResourceTypes.includes(type) || span === null) continue;
    const properties = member(resource, 'Properties');
    const name = cleanName(stringMember(properties, 'FunctionName') ?? logicalId);
    if (name === null) continue;
    const metadata = member(resource, 'Metadata');
    const dockerContext = stringMember(metadata, 'DockerContext');
    let buildFolder: string | null;
    let dockerfile: string | null = null;
    if (dockerContext !== undefined) {
      buildFolder = folderIn(templateFolder, dockerContext);
      const named = stringMember(metadata, 'Dockerfile');
      dockerfile = buildFolder === null || named === undefined ? null : joinRepositoryPath(buildFolder, named);
    } else {
      buildFolder = folderIn(templateFolder, stringMember(properties, 'CodeUri') ?? stringMember(properties, 'Code') ?? (type === 'AWS::Serverless::Function' ? globalCodeUri : undefined));
    }
    const imageUri = stringMember(properties, 'ImageUri');
    const images = imageUri === undefined || imageUri.includes('$') ? [] : [imageRepository(imageUri)].filter((image) => image !== '');
    const evidence: Evidence[] = [evidenceAt(path, span)];
    hints.push({ hint: 'deployment', ref: { by: 'name', kind: 'app', name }, via: 'serverless', buildFolder, dockerfile, projectNames: [], images, evidence });
  }
  return hints.length === 0 ? noFileFacts : { facts: [], hints };
}

export const cloudformationFunctionsExtractor: Extractor = {
  name: 'cloudformation-functions',
  version: 1,
  // Any YAML (read by the Kubernetes rule too); JSON only when its name says it is a template, not every JSON file.
  mayRead: (path) => /\.(?:ya?ml|template)$/i.test(path) || /(?:template|cfn|cloudformation|sam|stack)[^/]*\.json$/i.test(path),
  extract,
  tables: { functionResourceTypes },
};
