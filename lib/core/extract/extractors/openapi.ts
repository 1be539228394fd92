/**
 * Operations and schemas from an OpenAPI 3.x document (YAML or JSON): one
 * HTTP operation per path and method, named by its operationId or
 * `METHOD /path`, owned by the app of the folder holding the document (else
 * the element a server host names, else an app named by `info.title`). Every
 * component schema is a schema fact; a request body's schema and the first
 * success response's schema (2xx in order, then 2XX) are the operation's
 * request and response schemas, inline ones becoming schema facts of their
 * own. Swagger 2.0 is not read.
 */
import { hostsOfSetting } from '../connection-settings';
import { evidenceOf, newDocumentContext, schemaFactAt, type DocumentContext, type Step } from '../document-schemas';
import { cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type ElementRef, type Extractor, type FileFacts } from '../file-facts';
import { resolveAt } from '../json-references';
import { folderOf } from '../repository-paths';
import { entriesOf, evidenceAt, isJsonPath, itemsOf, member, parseStructuredDocuments, stringMember } from '../structured-text';

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Media types looked at for a body's schema, in this order; then the first with a schema. */
export const preferredMediaTypes = ['application/json', 'application/*+json'] as const;

/** Steps of the schema of a body's content: `application/json`, else a `+json` type, else the first with a schema. */
function contentSchemaSteps(context: DocumentContext, contentSteps: Step[]): Step[] | null {
  const content = resolveAt(context.document.value, contentSteps);
  if (content === null) return null;
  const types = entriesOf(content.value)
    .filter(([, media]) => member(media, 'schema') !== undefined)
    .map(([type]) => type);
  const chosen = types.find((type) => type === 'application/json') ?? types.find((type) => /^application\/[\w.-]+\+json$/.test(type)) ?? types[0];
  return chosen === undefined ? null : [...content.steps, chosen, 'schema'];
}

function successStatus(responses: unknown): string | null {
  const codes = entriesOf(responses).map(([code]) => code);
  const exact = codes.filter((code) => /^2\d\d$/.test(code)).sort();
  return exact[0] ?? codes.find((code) => code.toUpperCase() === '2XX') ?? null;
}

function operationFacts(context: DocumentContext, owner: ElementRef, apiPath: string, method: (typeof httpMethods)[number]): void {
  const root = context.document.value;
  const steps: Step[] = ['paths', apiPath, method];
  const operation = member(member(member(root, 'paths'), apiPath), method);
  if (operation === undefined) return;
  const signature = `${method.toUpperCase()} ${apiPath}`;
  const name = cleanName(stringMember(operation, 'operationId')) ?? cleanName(signature);
  const evidence = evidenceOf(context, steps);
  if (name === null || cleanName(signature) === null || evidence.length === 0) return;
  const body = resolveAt(root, [...steps, 'requestBody']);
  const requestSteps = body === null ? null : contentSchemaSteps(context, [...body.steps, 'content']);
  const requestSchemaKey = requestSteps === null ? null : schemaFactAt(context, requestSteps, `${name} request`);
  const status = successStatus(member(operation, 'responses'));
  const response = status === null ? null : resolveAt(root, [...steps, 'responses', status]);
  const responseSteps = response === null ? null : contentSchemaSteps(context, [...response.steps, 'content']);
  const responseSchemaKey = responseSteps === null ? null : schemaFactAt(context, responseSteps, `${name} response`);
  context.facts.facts.push({ draft: 'operation', ...observedIn(evidence), owner, signature, name, transport: 'http', requestSchemaKey, responseSchemaKey });
}

function extract(path: string, text: string): FileFacts {
  if (!/openapi/.test(text)) return noFileFacts;
  const [document] = parseStructuredDocuments(text, isJsonPath(path) ? 'json' : 'yaml');
  const version = stringMember(document?.value, 'openapi');
  if (document === undefined || version === undefined || !/^3\.\d/.test(version)) return noFileFacts;
  const root = document.value;
  const context = newDocumentContext(path, document);
  const title = cleanName(stringMember(member(root, 'info'), 'title'));
  const titleSpan = document.spanAt(['info', 'title']);
  const hosts = itemsOf(member(root, 'servers')).flatMap((server) => hostsOfSetting('URL', stringMember(server, 'url') ?? '').map((named) => named.host));
  const owner: ElementRef = { by: 'document-owner', folder: folderOf(path), hosts, title, titleEvidence: titleSpan ? evidenceAt(path, titleSpan) : null };
  for (const [name] of entriesOf(member(member(root, 'components'), 'schemas'))) schemaFactAt(context, ['components', 'schemas', name], name);
  for (const [apiPath] of entriesOf(member(root, 'paths'))) {
    if (!apiPath.startsWith('/')) continue;
    for (const method of httpMethods) operationFacts(context, owner, apiPath, method);
  }
  return context.facts.facts.length === 0 ? noFileFacts : context.facts;
}

export const openapiExtractor: Extractor = {
  name: 'openapi',
  version: 1,
  mayRead: (path) => /\.(?:ya?ml|json)$/i.test(path),
  extract,
  tables: { httpMethods, preferredMediaTypes, success: ['2xx ascending', '2XX'] },
};
