import type { Caller } from './caller';
import type { ServiceRuntime } from '../runtime/service-runtime';
import type { RouteDefinition } from './route-definition';

/**
 * What an endpoint sees of a request, after the edge middlewares ran. `C` is
 * the caller its route's `auth` admits (lib/platform/http/define-route.ts).
 */
export interface ApiRequest<C extends Caller | null = Caller | null> {
  route: RouteDefinition;
  /** Every route of the service (metadata only): what the capability list, llms.txt and the web client's 404s read. */
  routes: readonly RouteDefinition[];
  /** The path as sent (not decoded), without the query. */
  path: string;
  pathParameters: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** Lower-case names; repeated headers joined with a comma. */
  headers: Readonly<Record<string, string>>;
  cookies: Readonly<Record<string, string>>;
  /** Parsed JSON/YAML value, raw bytes for `raw` routes, undefined when there is none. */
  body: unknown;
  client: ClientInfo;
  requestId: string;
  /** Set by the authenticate middleware; null for an anonymous call. */
  caller: C;
  runtime: ServiceRuntime;
}

export interface ClientInfo {
  /** The client address that rate limits count: the socket peer, or the last X-Forwarded-For entry from a trusted proxy. */
  address: string;
  scheme: 'http' | 'https';
}

export interface ApiResponse {
  status: number;
  /** Added to the headers every response carries, replacing one of the same name. */
  headers?: Record<string, string>;
  /**
   * Headers every response carries that this one must not: a share page that
   * named sites may frame drops `x-frame-options`, which cannot name hosts.
   */
  withoutBaseHeaders?: readonly string[];
  cookies?: string[];
  body?: string | Buffer;
}

/** An endpoint's code, as the group handler calls it (lib/platform/http/define-route.ts types `caller` by the route's auth). */
export type Operation = (request: ApiRequest) => Promise<ApiResponse>;

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) };
}

export function textResponse(status: number, text: string, contentType = 'text/plain; charset=utf-8'): ApiResponse {
  return { status, headers: { 'content-type': contentType }, body: text };
}

export function noContentResponse(headers: Record<string, string> = {}): ApiResponse {
  return { status: 204, headers };
}
