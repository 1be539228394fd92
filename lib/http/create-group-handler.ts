import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { getServiceRuntime, type ServiceRuntime } from '../runtime/service-runtime';
import type { ApiRequest, Operation } from './api-types';
import { readClientInfo } from './client-info';
import { problemResponse } from './middleware/problem-response';
import { readRequestBody } from './middleware/read-request-body';
import { HttpProblem } from './problem';
import { toServiceResult } from './response';
import { routeKeyOf, routes, type RouteDefinition } from './route-table';
import type { ServiceEvent, ServiceResult } from './service-event';

export type GroupHandler = middy.MiddyfiedHandler<ServiceEvent, ServiceResult, Error, Context>;

function parseCookies(cookies: readonly string[] | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of cookies ?? []) {
    for (const part of entry.split(';')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      const name = part.slice(0, eq).trim();
      if (!(name in result)) result[name] = part.slice(eq + 1).trim();
    }
  }
  return result;
}

function toApiRequest(event: ServiceEvent, route: RouteDefinition, runtime: ServiceRuntime, context: Context): ApiRequest {
  return {
    route,
    pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
    query: new URLSearchParams(event.rawQueryString ?? ''),
    headers: (event.headers ?? {}) as Record<string, string>,
    cookies: parseCookies(event.cookies),
    body: event.body as unknown,
    client: readClientInfo(event, runtime.config.trustedProxies, event.svcSocketScheme ?? 'https'),
    requestId: context.awsRequestId ?? event.requestContext.requestId,
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

  const dispatch = async (event: ServiceEvent, context: Context): Promise<ServiceResult> => {
    const route = routeOf(event);
    if (!route) throw HttpProblem.notFound('No such endpoint', `${event.requestContext.http.method} ${event.rawPath} is not an endpoint of this service.`);
    const runtime = await getServiceRuntime();
    runtimeForLog = runtime;
    const response = await operations[route.operation]!(toApiRequest(event, route, runtime, context));
    return toServiceResult(response);
  };

  return middy<ServiceEvent, ServiceResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(problemResponse({ logger: () => runtimeForLog?.log }))
    .use(readRequestBody({ routeOf }))
    .handler(dispatch);
}
