import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { loggerFromEnvironment } from '../runtime/logger';
import { getServiceRuntime, readyServiceRuntime, type ServiceRuntime } from '../runtime/service-runtime';
import { isTelemetryActive, startTelemetryOnce, traceRequest, type RequestSpanInfo } from '../telemetry/telemetry';
import type { ApiRequest, Operation } from './api-types';
import type { CallerResolver } from './credentials';
import type { Endpoint } from './define-route';
import { readClientInfo } from './client-info';
import { parseCookies } from './cookies';
import { callerKindOf, writeAccessLine } from './access-line';
import { allowedHost } from './middleware/allowed-host';
import { authenticate, type AuthenticatedContext } from './middleware/authenticate';
import { problemResponse } from './middleware/problem-response';
import { readRequestBody } from './middleware/read-request-body';
import { refuseCrossSiteWrites } from './middleware/refuse-cross-site-writes';
import { strictTransportSecurity } from './middleware/strict-transport-security';
import { HttpProblem } from './problem';
import { toServiceResult } from './response';
import { routeKeyOf, type RouteDefinition } from './route-definition';
import type { ServiceEvent, ServiceResult } from './service-event';

export type GroupHandler = (event: ServiceEvent, context: Context) => Promise<ServiceResult>;

function requestSpanInfo(event: ServiceEvent, route: RouteDefinition | undefined, context: Context): RequestSpanInfo {
  return {
    method: event.requestContext.http.method,
    route: route?.path,
    // A share token in the path is a credential: the span names the pattern, as the access line does.
    path: route?.pathHoldsSecret ? route.path : event.rawPath,
    scheme: event.svcSocketScheme ?? 'https',
    headers: event.headers ?? {},
    requestId: context.awsRequestId ?? event.requestContext.requestId,
    userAgent: event.requestContext.http.userAgent,
  };
}

/**
 * The request an operation sees. Query, cookies and client are read only by the
 * operations that use them. A class, not an object literal with getters: a
 * literal's getters are fresh closures per request, which gives every request
 * its own hidden class and keeps the garbage collector busy.
 */
class LambdaApiRequest implements ApiRequest {
  readonly pathParameters: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly requestId: string;
  readonly caller: ApiRequest['caller'];
  #query: URLSearchParams | undefined;
  #cookies: Record<string, string> | undefined;
  #client: ApiRequest['client'] | undefined;
  readonly #event: ServiceEvent;

  constructor(
    event: ServiceEvent,
    readonly route: RouteDefinition,
    readonly routes: readonly RouteDefinition[],
    readonly runtime: ServiceRuntime,
    context: AuthenticatedContext,
  ) {
    this.#event = event;
    this.pathParameters = (event.pathParameters ?? {}) as Record<string, string>;
    this.headers = (event.headers ?? {}) as Record<string, string>;
    this.body = event.body as unknown;
    this.requestId = context.awsRequestId ?? event.requestContext.requestId;
    this.caller = context.svcCaller ?? null;
  }

  get path(): string {
    return this.#event.rawPath;
  }

  get query(): URLSearchParams {
    return (this.#query ??= new URLSearchParams(this.#event.rawQueryString ?? ''));
  }

  get cookies(): Record<string, string> {
    return (this.#cookies ??= parseCookies(this.#event.cookies));
  }

  get client(): ApiRequest['client'] {
    return (this.#client ??= readClientInfo(this.#event, this.runtime.config.trustedProxies, this.#event.svcSocketScheme ?? 'https'));
  }
}

/**
 * The Lambda handler of one function group: its endpoints (functions/<group>/*.ts,
 * lib/platform/http/define-route.ts), with the whole route table for the endpoints that
 * describe the service (capabilities, llms.txt, the web client's 404s).
 */
export function createGroupHandler(endpoints: readonly Endpoint[], edge: GroupEdge): GroupHandler {
  const byRouteKey = new Map<string, Served>(endpoints.map((endpoint) => [routeKeyOf(endpoint), { route: endpoint, run: endpoint.run }]));
  return createHandler(byRouteKey, edge);
}

/** What a group handler is given besides its endpoints. */
export interface GroupEdge {
  /** Every route of the service (fields only), for the endpoints that describe it. */
  routeTable: readonly RouteDefinition[];
  /** How the credentials of a request name its caller (lib/features/auth/resolve-caller.ts). */
  resolveCaller: CallerResolver;
}

interface Served {
  route: RouteDefinition;
  run: Operation;
}

/**
 * The edge middlewares (error body, allowed hosts, cross-site writes,
 * credentials, body limits and parsing), then the endpoint of the route key.
 */
function createHandler(byRouteKey: ReadonlyMap<string, Served>, { routeTable, resolveCaller }: GroupEdge): GroupHandler {
  const routeOf = (event: ServiceEvent) => byRouteKey.get(event.routeKey)?.route;
  let runtimeForLog: ServiceRuntime | undefined;
  // Until the runtime is built (or when a setting keeps it from being built) errors still need a log.
  const startLog = loggerFromEnvironment(process.env);
  const log = () => runtimeForLog?.log ?? readyServiceRuntime()?.log ?? startLog;

  const dispatch = async (event: ServiceEvent, context: AuthenticatedContext): Promise<ServiceResult> => {
    const served = byRouteKey.get(event.routeKey);
    if (!served) throw HttpProblem.notFound('No such endpoint', `${event.requestContext.http.method} ${event.rawPath} is not an endpoint of this service.`);
    const runtime = readyServiceRuntime() ?? (await getServiceRuntime());
    runtimeForLog = runtime;
    const response = await served.run(new LambdaApiRequest(event, served.route, routeTable, runtime, context));
    return toServiceResult(response);
  };

  // A foreign Host or a cross-site write is refused before any credential is read or limit counted;
  // rate limits count every other call, so authentication runs before the body is parsed.
  const handle = middy<ServiceEvent, ServiceResult, Error, AuthenticatedContext>({ timeoutEarlyInMillis: 0 })
    .use(strictTransportSecurity())
    .use(problemResponse({ logger: log }))
    .use(allowedHost())
    .use(refuseCrossSiteWrites())
    .use(authenticate({ routeOf, resolveCaller }))
    .use(readRequestBody({ routeOf }))
    .handler(dispatch);

  // One server span per request, around the whole middleware chain, so refusals are traced too.
  // A function starts telemetry on its first invocation; the local server has started it already.
  // The access line is written when the answer is complete (every header and error body in place),
  // inside the span so that it names the trace. Not a middleware: two more awaits per request cost
  // the local server measurably.
  const handleAndLog = async (event: ServiceEvent, context: AuthenticatedContext): Promise<ServiceResult> => {
    const startedAt = Date.now();
    let status = 500;
    try {
      const result = await handle(event, context);
      status = result.statusCode ?? 500;
      return result;
    } finally {
      writeAccessLine(log(), {
        requestId: context.awsRequestId ?? event.requestContext.requestId,
        routeKey: event.routeKey,
        status,
        durationMs: Date.now() - startedAt,
        callerKind: callerKindOf(context.svcCaller),
      });
    }
  };

  return async (event, context) => {
    const starting = startTelemetryOnce(process.env);
    if (starting) await starting;
    if (!isTelemetryActive()) return handleAndLog(event, context as AuthenticatedContext);
    return traceRequest(requestSpanInfo(event, routeOf(event), context), () => handleAndLog(event, context as AuthenticatedContext));
  };
}
