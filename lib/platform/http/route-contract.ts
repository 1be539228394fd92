/**
 * The contract of a route: what it reads (path parameters, query, body), what
 * it answers for each status, who may call it, and one example request. Each
 * endpoint module declares its own in `defineRoute` (lib/platform/http/define-route.ts),
 * with the zod schemas it parses with; the OpenAPI document (docs/openapi.json)
 * is built from the route list, and the contract test sends every example to
 * the running service (docs/openapi.md).
 */
import type { z } from 'zod';
import type { RouteDefinition } from './route-definition';

/**
 * The body of one answer:
 * - a zod schema: `application/json` of that shape;
 * - `'problem'`: the error body (`application/problem+json`, lib/features/openapi/problem-schema.ts);
 * - `'empty'`: no body (204, a redirect, 304);
 * - a media object: another content type (Markdown, SVG, HTML…), with a schema when it is JSON-like.
 */
export type ResponseBody = z.ZodType | 'problem' | 'empty' | MediaBody;

export interface MediaBody {
  /** Without parameters: `text/markdown`, `image/svg+xml`, `application/json`. */
  contentType: string;
  /** Further content types the same answer may carry (e.g. YAML beside JSON). */
  alternatives?: readonly string[];
  schema?: z.ZodType;
  /** What this answer means, when the status alone does not say it. */
  description?: string;
}

/** A request body other than JSON: its content type(s) and, when structured, its schema. */
export interface MediaRequestBody {
  contentTypes: readonly string[];
  schema?: z.ZodType;
  description?: string;
}

/**
 * Who may call a route, beyond the route table's `auth`:
 * - `any`: any caller the `auth` admits (no workspace role);
 * - `viewer` / `editor` / `owner`: at least that role in the workspace of the path
 *   (an agent token of that workspace with the scope the route names instead);
 * - `instance administrator`: the person who administers the instance.
 * A `note` says more when the rule has a twist (e.g. "or the member themself").
 */
export interface RoleRequirement {
  role: 'any' | 'viewer' | 'editor' | 'owner' | 'instance administrator';
  note?: string;
}

/** Who sends an example request: a person of the fixture world, an agent token, or nobody. */
export type ExampleCaller = 'owner' | 'editor' | 'viewer' | 'readToken' | 'pushToken' | 'anonymous' | 'invitee';

/**
 * One request the contract test sends. Any string in it may name a value of
 * the fixture world in braces: `'{projectId}'` alone is replaced by the value
 * (keeping its type), `'/x/{viewId}'` has it spliced in. Path parameters not
 * named in `params` are filled from the fixture value of the same name.
 */
export interface ContractExample {
  /** Default `owner`: the workspace owner (also the instance administrator), signed in with a session. */
  as?: ExampleCaller;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with this content type (YAML, CSV, a form, an archive in base64). */
  rawBody?: { contentType: string; text?: string; base64?: string };
  headers?: Record<string, string>;
  /** The status the example must answer; default the first 2xx (else 3xx) the contract declares. */
  status?: number;
  /**
   * Runs after every example without it, in table order: it removes or
   * changes what other examples read (DELETE answers, revocations, the
   * project delete).
   */
  last?: true;
  /** Why an example answers an error rather than success (a catalog or host the test cannot reach). */
  why?: string;
}

export interface RouteContract {
  /** Path parameters; by default each `{name}` of the path is a string. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads (names in lower case). */
  headers?: z.ZodObject;
  /** A zod schema: a JSON body of that shape. */
  body?: z.ZodType | MediaRequestBody;
  /** Every status the route answers with its body. 401/403/413/415/429/503 of the edge are added from the route table. */
  responses: Readonly<Record<number, ResponseBody>>;
  /** Who may call it; required unless the route's `auth` is `none`. */
  access?: RoleRequirement;
  /** More than the route table's one-line summary. */
  description?: string;
  example: ContractExample;
}

/** The contract of one route: an endpoint module's own, or null for a route defined without one. */
export function contractOf(route: RouteDefinition): RouteContract | null {
  return 'contract' in route ? (route as RouteDefinition & { contract: RouteContract }).contract : null;
}

/** The module that defines a route and its contract. */
export function contractFileOf(route: Pick<RouteDefinition, 'group' | 'operation'>): string {
  return `functions/${route.group}/${route.operation}.ts`;
}

/** What to do about a route without a contract, in one line naming the route and the module. */
export function missingContractAdvice(route: RouteDefinition): string {
  return `${route.method} ${route.path}: define it with defineRoute, its contract included, in ${contractFileOf(route)} and list it in functions/routes.ts`;
}
