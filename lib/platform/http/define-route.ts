/**
 * An endpoint is one module: `functions/<group>/<operation>.ts` exports
 * `defineRoute({...})`, which holds everything about the route (method, path,
 * who may call it, how its body is read, what it reads and answers, one
 * example) and the code that serves it. The route list (functions/routes.ts)
 * is the list of these modules; the shim's dispatch, the function bundles,
 * the infra template, the OpenAPI document, the capability list and
 * `llms*.txt` are all read from it (docs/architecture.md "Adding an endpoint").
 */
import type { AgentTokenCaller, Caller, PersonCaller } from './caller';
import type { ContractExample, MediaRequestBody, ResponseBody, RoleRequirement, RouteContract } from './route-contract';
import type { ApiRequest, ApiResponse } from './api-types';
import { defaultBodyLimitBytes, type AuthRequirement, type BodyKind, type RouteDefinition } from './route-definition';
import type { z } from 'zod';

/**
 * The caller a route's `auth` admits, as its `run` receives it: the edge
 * (lib/platform/http/middleware/authenticate.ts) has refused everyone else, so no
 * endpoint checks it again.
 */
export type CallerFor<A extends AuthRequirement> = A extends 'signed-in' ? Caller : A extends 'person' ? PersonCaller : A extends 'token' ? AgentTokenCaller : Caller | null;

/** What an endpoint module declares. */
export interface RouteInput<A extends AuthRequirement> extends Omit<RouteDefinition, 'auth' | 'body' | 'bodyLimitBytes'> {
  auth: A;
  /** How the body is read; default `json` for POST, PUT and PATCH, `none` otherwise. */
  bodyKind?: BodyKind;
  /** Default 1 MiB for POST, PUT and PATCH (docs/decisions.md), 0 otherwise. */
  bodyLimitBytes?: number;
  /** Path parameters; by default each `{name}` of the path is a string. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the endpoint reads (names in lower case). */
  headers?: z.ZodObject;
  /** The request body: a zod schema for JSON, or another content type. */
  body?: z.ZodType | MediaRequestBody;
  /** Every status it answers with its body; the edge's 401/403/413/415/429/503 are added from the route's fields. */
  answers: Readonly<Record<number, ResponseBody>>;
  /** Who may call it beyond `auth`; required unless `auth` is `none`. */
  access?: RoleRequirement;
  /** More than the one-line summary. */
  description?: string;
  example: ContractExample;
  run: (request: ApiRequest<CallerFor<A>>) => Promise<ApiResponse>;
}

/** A route with its contract and its code: what the route list holds. */
export interface Endpoint extends RouteDefinition {
  readonly contract: RouteContract;
  readonly run: (request: ApiRequest) => Promise<ApiResponse>;
}

export function defineRoute<A extends AuthRequirement>(input: RouteInput<A>): Endpoint {
  const { bodyKind, bodyLimitBytes, params, query, headers, body, answers, access, description, example, run, ...route } = input;
  const readsBody = input.method === 'POST' || input.method === 'PUT' || input.method === 'PATCH';
  const kind = bodyKind ?? (readsBody ? 'json' : 'none');
  const contract: RouteContract = {
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(headers ? { headers } : {}),
    ...(body ? { body } : {}),
    responses: answers,
    ...(access ? { access } : {}),
    ...(description ? { description } : {}),
    example,
  };
  return Object.freeze({
    ...route,
    body: kind,
    bodyLimitBytes: bodyLimitBytes ?? (readsBody ? defaultBodyLimitBytes : 0),
    contract,
    // The edge admitted only the callers `auth` names (authenticate), so the narrower request type holds.
    run: run as Endpoint['run'],
  });
}

/** Whether a route of the table is an endpoint module (rather than a row of the older table). */
export function isEndpoint(route: RouteDefinition): route is Endpoint {
  return 'run' in route && typeof (route as Endpoint).run === 'function';
}
