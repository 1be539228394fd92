/**
 * The OpenAPI 3.1 document of the service, built from the route table and the
 * routes' contracts (functions/<group>/contract.ts) with zod-openapi: every
 * schema in it is the zod schema the code uses, rendered as JSON Schema
 * 2020-12. Deterministic: the same table and contracts give the same bytes
 * (docs/openapi.md).
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { countsInAnonymousLimit } from '../../platform/http/anonymous-limit';
import type { RouteDefinition } from '../../platform/http/route-definition';
import { tokenAccessOf } from '../../platform/http/token-access';
import { problemSchema } from './problem-schema';
import { contractFileOf, contractOf, missingContractAdvice, type MediaBody, type ResponseBody, type RouteContract } from '../../platform/http/route-contract';

export interface OpenApiInput {
  routes: readonly RouteDefinition[];
  version: string;
  /** Leave out routes without a contract instead of throwing (the contract test reports each itself). */
  skipMissing?: boolean;
}

/** The names of the security schemes (components.securitySchemes). */
export const securitySchemeNames = { session: 'sessionCookie', token: 'agentToken' } as const;

const reasonPhrases: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found: the browser goes on to the address in Location',
  303: 'See other: the browser goes on to the address in Location',
  304: 'Not modified: the copy the client holds is current',
  400: 'The request is malformed or a field is invalid',
  401: 'No valid credential',
  403: 'The caller may not do this',
  404: 'Not found, or not visible to the caller',
  405: 'Method not allowed',
  409: 'Conflict with the current state',
  412: 'The If-Match version is not the current one',
  413: 'Request body too large',
  415: 'Unsupported content type',
  422: 'Understood but refused',
  428: 'If-Match required',
  429: 'Too many requests: try again after Retry-After seconds',
  500: 'The service failed',
  502: 'An external service (catalog, git host, provider) failed or refused',
  503: 'Unavailable for now',
  504: 'An external service did not answer in time',
};

/** `/{proxy+}` as OpenAPI writes a path: a greedy segment is one parameter that may hold slashes. */
export function openApiPathOf(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\+\}/g, '{$1}');
}

function pathParameterNames(path: string): { name: string; greedy: boolean }[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)(\+?)\}/g)].map((m) => ({ name: m[1]!, greedy: m[2] === '+' }));
}

/**
 * A unique operationId: the operation's name, or for an operation that serves
 * several routes, its name with the path segments that tell them apart.
 */
export function operationIdsOf(routes: readonly RouteDefinition[]): Map<RouteDefinition, string> {
  const byOperation = new Map<string, RouteDefinition[]>();
  for (const route of routes) byOperation.set(`${route.group}/${route.operation}`, [...(byOperation.get(`${route.group}/${route.operation}`) ?? []), route]);
  const ids = new Map<RouteDefinition, string>();
  const taken = new Set<string>();
  for (const [, shared] of byOperation) {
    const literalSegments = (r: RouteDefinition) => r.path.split('/').filter((s) => s !== '' && !s.startsWith('{') && s !== 'api');
    const common = shared.length > 1 ? literalSegments(shared[0]!).filter((s) => shared.every((r) => literalSegments(r).includes(s))) : [];
    for (const route of shared) {
      let id = route.operation;
      if (shared.length > 1) {
        const distinct = literalSegments(route).filter((s) => !common.includes(s));
        id = [route.operation, ...(distinct.length > 0 ? distinct : [route.method.toLowerCase()])].join('-').replace(/[^A-Za-z0-9-]+/g, '-');
      }
      while (taken.has(id)) id = `${id}-${route.method.toLowerCase()}`;
      taken.add(id);
      ids.set(route, id);
    }
  }
  return ids;
}

function securityOf(route: RouteDefinition): Record<string, string[]>[] {
  if (route.auth === 'none') return [];
  const access = tokenAccessOf(route);
  const token = { [securitySchemeNames.token]: access === null || access === 'any' ? [] : [access] };
  if (route.auth === 'token') return [token];
  const session = { [securitySchemeNames.session]: [] };
  return access === null ? [session] : [session, token];
}

/** What the token rule of the route (lib/platform/http/token-access.ts) means to an agent, in one sentence. */
function tokenSentence(route: RouteDefinition): string {
  const access = tokenAccessOf(route);
  if (route.auth === 'token') return access === 'any' ? 'An agent token only (`Authorization: Bearer`).' : `An agent token with the \`${access}\` scope only (\`Authorization: Bearer\`); one without it gets 403.`;
  if (access === null) return route.auth === 'person' ? 'A signed-in person only (session cookie); an agent token gets 403.' : 'A signed-in person (session cookie); an agent token gets 403.';
  if (access === 'any') return 'A session, or an agent token of the workspace whatever its scopes.';
  return `A session, or an agent token of the workspace with the \`${access}\` scope; a token without it gets 403.`;
}

const roleSentences: Record<string, string> = {
  any: 'Any caller the credential admits; no workspace role is needed.',
  viewer: 'Role: viewer (or higher) in the workspace.',
  editor: 'Role: editor (or owner) in the workspace.',
  owner: 'Role: owner of the workspace.',
  'instance administrator': 'Role: the instance administrator.',
};

const rateLimitSentences: Record<NonNullable<RouteDefinition['rateLimit']>, string> = {
  login: 'Limited per client address and per account (sign-in lockout).',
  setup: 'Limited per client address (setup attempts).',
  register: 'Limited per client address (registrations).',
  externalStart: 'Limited per client address (external sign-in starts).',
  externalComplete: 'Limited per client address (external sign-in completions).',
  sharePages: 'Limited per client address (share pages).',
};


function descriptionOf(route: RouteDefinition, contract: RouteContract): string {
  const lines: string[] = [];
  if (contract.description) lines.push(contract.description, '');
  if (route.auth === 'none') lines.push('No credential needed.');
  else {
    const access = contract.access!;
    lines.push(`${roleSentences[access.role]}${access.note ? ` ${access.note}` : ''}`);
    lines.push(tokenSentence(route));
  }
  if (route.rateLimit) lines.push(rateLimitSentences[route.rateLimit]);
  if (countsInAnonymousLimit(route.path)) lines.push('Calls without a valid credential count in the anonymous limit per client address.');
  if (route.body !== 'none' && route.bodyLimitBytes > 0) lines.push(`Body at most ${route.bodyLimitBytes} bytes.`);
  return lines.join('\n');
}

function isMediaBody(body: ResponseBody): body is MediaBody {
  return typeof body === 'object' && body !== null && 'contentType' in body && typeof (body as MediaBody).contentType === 'string';
}

function responseObject(status: number | 'default', body: ResponseBody): ZodOpenApiResponseObject {
  const description = status === 'default' ? 'Any other failure: the error body' : (reasonPhrases[status] ?? `Status ${status}`);
  if (body === 'empty') return { description };
  if (body === 'problem') return { description, content: { 'application/problem+json': { schema: problemSchema } } };
  if (isMediaBody(body)) {
    const content: NonNullable<ZodOpenApiResponseObject['content']> = {};
    for (const type of [body.contentType, ...(body.alternatives ?? [])]) content[type] = body.schema ? { schema: body.schema } : { schema: z.string() };
    return { description: body.description ?? description, content };
  }
  return { description, content: { 'application/json': { schema: body as z.ZodType } } };
}

/**
 * The failures every route of its kind answers, whatever its contract says: the edge's
 * (lib/platform/http/create-group-handler.ts) before the operation runs, and the access policy's
 * (lib/features/auth/access-policy.ts): 403 for a role too low or a token without the scope, 404 for a
 * workspace or project the caller cannot see.
 */
function edgeResponses(route: RouteDefinition, contract: RouteContract): Record<number, ResponseBody> {
  const edge: Record<number, ResponseBody> = {};
  if (route.auth !== 'none') edge[401] = 'problem';
  // The edge refuses an agent token outside the route's token rule, and a browser's write from another site.
  if (route.auth !== 'none' && tokenAccessOf(route) !== 'any') edge[403] = 'problem';
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) edge[403] = 'problem';
  if (contract.access && contract.access.role !== 'any') edge[403] = 'problem';
  if (/\{(projectId|workspaceId)\}/.test(route.path) && route.auth !== 'none') edge[404] = 'problem';
  if (route.body === 'json' || route.body === 'json-or-yaml' || route.rawContentType) {
    edge[400] = 'problem';
    edge[415] = 'problem';
  }
  if (route.body !== 'none' && route.bodyLimitBytes > 0) edge[413] = 'problem';
  if (route.rateLimit || countsInAnonymousLimit(route.path)) edge[429] = 'problem';
  return edge;
}

function requestBodyOf(route: RouteDefinition, contract: RouteContract): ZodOpenApiOperationObject['requestBody'] {
  if (!contract.body) return undefined;
  if (typeof (contract.body as { contentTypes?: unknown }).contentTypes === 'object') {
    const media = contract.body as { contentTypes: readonly string[]; schema?: z.ZodType; description?: string };
    const content: Record<string, { schema: z.ZodType }> = {};
    for (const type of media.contentTypes) content[type] = { schema: media.schema ?? z.string() };
    return { required: true, ...(media.description ? { description: media.description } : {}), content };
  }
  const schema = contract.body as z.ZodType;
  const types = route.body === 'json-or-yaml' || route.rawContentType === 'json-or-yaml' ? ['application/json', 'application/yaml'] : ['application/json'];
  return { required: true, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

function pathParamsOf(route: RouteDefinition, contract: RouteContract): z.ZodObject | undefined {
  if (contract.params) return contract.params;
  const names = pathParameterNames(route.path);
  if (names.length === 0) return undefined;
  return z.object(
    Object.fromEntries(names.map(({ name, greedy }) => [name, greedy ? z.string().meta({ description: 'The rest of the path, slashes included.' }) : z.string()])),
  );
}

const methodOrder = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Object keys in a fixed order, recursively, where the order carries no meaning (paths, responses, components). */
function sortedKeys<T>(record: Record<string, T>, order?: readonly string[]): Record<string, T> {
  const keys = Object.keys(record).sort((a, b) => {
    if (order) return order.indexOf(a) - order.indexOf(b);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return Object.fromEntries(keys.map((k) => [k, record[k]!]));
}

type JsonObject = Record<string, unknown>;

function normalize(document: JsonObject): JsonObject {
  const paths = document.paths as Record<string, Record<string, JsonObject>>;
  const sortedPaths: Record<string, Record<string, JsonObject>> = {};
  for (const [path, item] of Object.entries(sortedKeys(paths))) {
    const methods: Record<string, JsonObject> = {};
    for (const [method, operation] of Object.entries(sortedKeys(item, methodOrder))) {
      methods[method] = { ...operation, responses: sortedKeys(operation.responses as Record<string, unknown>) };
    }
    sortedPaths[path] = methods;
  }
  const components = document.components as JsonObject | undefined;
  return {
    ...document,
    paths: sortedPaths,
    ...(components ? { components: sortedKeys(Object.fromEntries(Object.entries(components).map(([k, v]) => [k, sortedKeys(v as JsonObject)]))) } : {}),
  };
}

/** A route of the table that has no contract: the error names the route and the file to add it to. */
export class MissingContractError extends Error {
  constructor(readonly missing: RouteDefinition[]) {
    super(`routes without a contract (docs/architecture.md "Adding an endpoint"):\n${missing.map((r) => `  ${missingContractAdvice(r)}`).join('\n')}`);
  }
}

/** Builds the document; throws MissingContractError when a route has no contract. */
export function buildOpenApiDocument(input: OpenApiInput): JsonObject {
  const missing: RouteDefinition[] = [];
  const ids = operationIdsOf(input.routes);
  const paths: ZodOpenApiPathsObject = {};
  for (const route of input.routes) {
    const contract = contractOf(route);
    if (!contract) {
      missing.push(route);
      continue;
    }
    if (route.auth !== 'none' && !contract.access) throw new Error(`${route.method} ${route.path}: the contract in ${contractFileOf(route)} names no access (the role needed)`);
    const responses: Record<string, ZodOpenApiResponseObject> = {};
    for (const [status, body] of Object.entries({ ...edgeResponses(route, contract), ...contract.responses })) responses[status] = responseObject(Number(status), body);
    responses.default = responseObject('default', 'problem');
    const path = openApiPathOf(route.path);
    const pathParams = pathParamsOf(route, contract);
    const operation: ZodOpenApiOperationObject = {
      operationId: ids.get(route)!,
      summary: route.summary,
      description: descriptionOf(route, contract),
      tags: [route.group],
      security: securityOf(route),
      ...(pathParams || contract.query || contract.headers
        ? { requestParams: { ...(pathParams ? { path: pathParams } : {}), ...(contract.query ? { query: contract.query } : {}), ...(contract.headers ? { header: contract.headers } : {}) } }
        : {}),
      ...(requestBodyOf(route, contract) ? { requestBody: requestBodyOf(route, contract) } : {}),
      responses,
    };
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: operation };
  }
  if (missing.length > 0 && !input.skipMissing) throw new MissingContractError(missing);

  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Design Modelling Service API',
        version: input.version,
        description:
          'A living, truth-labelled model of a software design per project. Errors answer `application/problem+json` (the `Problem` schema). ' +
          'People sign in with a session cookie (`POST /api/auth/login`); agents send an agent token as a bearer credential. ' +
          'Roles (viewer < editor < owner) are held per workspace; a workspace or project the caller cannot see answers 404.',
      },
      servers: [{ url: '/' }],
      tags: [...new Set(input.routes.map((r) => r.group))].sort().map((name) => ({ name })),
      components: {
        securitySchemes: {
          [securitySchemeNames.session]: { type: 'apiKey', in: 'cookie', name: 'svc_session', description: 'The session cookie `POST /api/auth/login` (or setup, registration, external sign-in) sets.' },
          [securitySchemeNames.token]: {
            type: 'http',
            scheme: 'bearer',
            description: 'An agent token of a workspace (`POST /api/workspaces/{workspaceId}/agent-tokens`), with the scopes `read` and/or `push`; a token may be restricted to one project.',
          },
        },
      },
      paths,
    },
    { allowEmptySchema: { custom: true } },
  ) as unknown as JsonObject;
  return normalize(document);
}

/** The document as it is written and served: two-space JSON and a final line break. */
export function openApiDocumentText(document: JsonObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
