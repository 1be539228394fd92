/**
 * What a route is: its method, path, who may call it and how its body is read.
 * Endpoint modules declare one each with `defineRoute` (lib/platform/http/define-route.ts);
 * the route list is functions/routes.ts.
 */

import type { ProblemType } from './problem';

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/**
 * Who may call a route. Roles inside a workspace or project are checked by the
 * operation through the one policy function, because they depend on the path.
 * - `none`: anyone, no credential read.
 * - `signed-in`: a person's session or an agent token.
 * - `person`: a person's session only; an agent token gets 403.
 * - `token`: an agent token only (bearer), e.g. /mcp.
 */
export type AuthRequirement = 'none' | 'signed-in' | 'person' | 'token';

/** How the body is read: not at all, JSON, JSON or YAML, or raw bytes. */
export type BodyKind = 'none' | 'json' | 'json-or-yaml' | 'raw';

export interface RouteDefinition {
  method: HttpMethod;
  /**
   * Path pattern with `{name}` segments, as API Gateway writes it; a last
   * segment `{name+}` is greedy (the rest of the path, slashes included) and is
   * tried only after every other route (lib/platform/http/route-matcher.ts).
   */
  path: string;
  /** Function group: the folder `functions/<group>/`, one function (and bundle) of a function deployment. */
  group: string;
  /** Operation name: `functions/<group>/<operation>.ts`. */
  operation: string;
  auth: AuthRequirement;
  body: BodyKind;
  /** Largest accepted body; a larger one gets 413 before it is parsed. */
  bodyLimitBytes: number;
  /** One line for the capability list, llms.txt, the OpenAPI document and the infra template. */
  summary: string;
  /**
   * For a `raw` body its operation parses itself: the content types it must
   * carry (415 otherwise, as for `json` and `json-or-yaml` routes).
   */
  rawContentType?: 'json-or-yaml';
  /** `type` of the 400 for a body that does not parse (default `invalid_json`). */
  malformedBodyType?: ProblemType;
  /** `type` of the 413 for a body over the limit (default `payload_too_large`). */
  tooLargeType?: ProblemType;
  /** A per-client-address limit of its own (part 2 "Limits"). */
  rateLimit?: 'login' | 'setup' | 'register' | 'externalStart' | 'externalComplete' | 'sharePages';
  /**
   * The path holds a credential (a share token): traces name the route
   * pattern instead of the path, as the access line always does.
   */
  pathHoldsSecret?: true;
  /**
   * For a route an agent token may call: the scope it needs, or `any` for
   * every token of the workspace whatever its scopes. GET routes of `signed-in`
   * need `read` unless they name another (`GET …/sources/push` needs `push`);
   * other methods take no token unless they name one. The edge checks it, and
   * the OpenAPI document and the capability list say it, through
   * lib/platform/http/token-access.ts; a GET a token may not call is `person`.
   */
  tokenScope?: 'read' | 'push' | 'any';
  /**
   * Serves the web client's files (docs/web-client.md): no rate limit counts
   * it (part 2 "Limits": web client files do not count), and the agent's
   * endpoint lists leave it out (it is no API).
   */
  webClient?: true;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/** Body limit of JSON routes the spec gives no number for (docs/decisions.md). */
export const defaultBodyLimitBytes = 1 * MiB;

/** Byte limits the spec names, in one place so routes and tests agree. */
export const bodyLimits = Object.freeze({
  signIn: 4 * KiB,
  credential: 32 * KiB,
  workspaceSettings: 64 * KiB,
  instanceSettings: 68 * KiB,
  modelImport: 16 * MiB,
  scenarioRequest: 1 * MiB,
  mcpMessage: 1 * MiB,
  push: 24 * MiB,
  /** An uploaded archive as sent (compressed); what it expands to is limited by import.maxArchiveBytes (docs/sources.md). */
  archiveUpload: 256 * MiB,
  /** A trace file (OTLP or Jaeger JSON), read in the request. */
  traceUpload: 32 * MiB,
  /** A price CSV as a JSON string (docs/prices.md "CSV"): 10,000 rows of 500 bytes fit. */
  priceCsv: 5 * MiB,
  /** A measured load-test result: a k6 end-of-test summary or the generic shape (docs/load-tests.md). */
  loadTestResult: 4 * MiB,
});

/**
 * First path segments kept for the API's features to come: like the first
 * segments of the routes above, the web client never answers under them, so
 * a link to one of them cannot start showing the client today and an API
 * answer tomorrow.
 */
export const reservedFirstSegments: readonly string[] = Object.freeze(['skills', 'openapi.json', 'docs']);

/** `GET /api/x/{id}`: the API Gateway route key of a route. */
export function routeKeyOf(r: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}

/** The names of every function group, in the order of the table. */
export function functionGroups(table: readonly RouteDefinition[]): string[] {
  return [...new Set(table.map((r) => r.group))];
}

