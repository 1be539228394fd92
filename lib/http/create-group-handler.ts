import middy from '@middy/core';
import { getServiceRuntime, type ServiceRuntime } from '../runtime/service-runtime';
import type { ApiRequest, Operation } from './api-types';
import { readClientInfo } from './client-info';
import { parseCookies } from './cookies';
import { authenticate, type AuthenticatedContext } from './middleware/authenticate';
import { problemResponse } from './middleware/problem-response';
import { readRequestBody } from './middleware/read-request-body';
import { HttpProblem } from './problem';
import { toServiceResult } from './response';
import { routeKeyOf, routes, type RouteDefinition } from './route-table';
import type { ServiceEvent, ServiceResult } from './service-event';

export type GroupHandler = middy.MiddyfiedHandler<ServiceEvent, ServiceResult, Error, AuthenticatedContext>;

/** Query, cookies and client are read only by the operations that use them. */
function toApiRequest(event: ServiceEvent, route: RouteDefinition, runtime: ServiceRuntime, context: AuthenticatedContext): ApiRequest {
  let query: URLSearchParams | undefined;
  let cookies: Record<string, string> | undefined;
  let client: ApiRequest['client'] | undefined;
  return {
    route,
    pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
    get query() {
      return (query ??= new URLSearchParams(event.rawQueryString ?? ''));
    },
    headers: (event.headers ?? {}) as Record<string, string>,
    get cookies() {
      return (cookies ??= parseCookies(event.cookies));
    },
    body: event.body as unknown,
    get client() {
      return (client ??= readClientInfo(event, runtime.config.trustedProxies, event.svcSocketScheme ?? 'https'));
    },
    requestId: context.awsRequestId ?? event.requestContext.requestId,
    caller: context.svcCaller ?? null,
    runtime,
  };
}

/**
 * The Lambda handler of one function group: the edge middlewares (error body,
 * body limits and parsing), then the operation the route table names. Every
 * route of the group must have its operation, checked when the module loads.
 */
export function createGroupHandler(group: string, operations: Readonly<Record<string, Operation>>): GroupHandler {
  const byRouteKey = new Map<string, RouteDefinition>();
  for (const route of routes) {
    if (route.group !== group) continue;
    if (!operations[route.operation]) throw new Error(`function group ${group} has no operation ${route.operation} for ${routeKeyOf(route)}`);
    byRouteKey.set(routeKeyOf(route), route);
  }
  const routeOf = (event: ServiceEvent) => byRouteKey.get(event.routeKey);
  let runtimeForLog: ServiceRuntime | undefined;

  const dispatch = async (event: ServiceEvent, context: AuthenticatedContext): Promise<ServiceResult> => {
    const route = routeOf(event);
    if (!route) throw HttpProblem.notFound('No such endpoint', `${event.requestContext.http.method} ${event.rawPath} is not an endpoint of this service.`);
    const runtime = await getServiceRuntime();
    runtimeForLog = runtime;
    const response = await operations[route.operation]!(toApiRequest(event, route, runtime, context));
    return toServiceResult(response);
  };

  // Rate limits count every call, so authentication runs before the body is parsed.
  return middy<ServiceEvent, ServiceResult, Error, AuthenticatedContext>({ timeoutEarlyInMillis: 0 })
    .use(problemResponse({ logger: () => runtimeForLog?.log }))
    .use(authenticate({ routeOf }))
    .use(readRequestBody({ routeOf }))
    .handler(dispatch);
}
