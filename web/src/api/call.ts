/**
 * The typed way to call the API: a route by its name in the contracts (`GET /api/…/{id}`), its path
 * parameters, and an answer typed by the route's contract (contracts/api-routes.ts, generated from
 * the server's route list). A route that moves, or an answer whose shape changes, fails the web
 * client's type check where it is read. Only types come from contracts/: no server code and no zod
 * reach the browser.
 */
import type { MethodOf, PathOf, PathParams } from '../../../contracts/api-route';
import type { ApiAnswers } from '../../../contracts/api-routes';
import { request, type RequestOptions } from './client';

export type ApiRoute = keyof ApiAnswers;

/** The path with each `{name}` replaced by its parameter, URI-encoded. */
export function pathOf<R extends ApiRoute>(route: R, params: PathParams<PathOf<R>>): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''));
}

/** Calls a route of the contracts and answers its success answer, typed; failures throw ApiError as every call does. */
export function call<R extends ApiRoute>(route: R, params: PathParams<PathOf<R>>, options: RequestOptions = {}): Promise<ApiAnswers[R]> {
  const method: MethodOf<R> = route.slice(0, route.indexOf(' ')) as MethodOf<R>;
  return request<ApiAnswers[R]>(method, pathOf(route, params), options);
}
