import type middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { Caller } from '../caller';
import { hitRateLimit, rateLimitRules, type RateLimitRule } from '../../rate-limit/hit-rate-limit';
import { getServiceRuntime } from '../../runtime/service-runtime';
import { countsInAnonymousLimit } from '../anonymous-limit';
import { readClientInfo } from '../client-info';
import { parseCookies } from '../cookies';
import { HttpProblem } from '../problem';
import type { CallerResolver } from '../credentials';
import type { RouteDefinition } from '../route-definition';
import type { ServiceEvent, ServiceResult } from '../service-event';
import { tokenAccessOf } from '../token-access';


/** The caller found by `authenticate`, carried on the Lambda context to the operation. */
export type AuthenticatedContext = Context & { svcCaller?: Caller | null };

function rateLimited(retryAfterSeconds: number): HttpProblem {
  return new HttpProblem(429, 'rate_limited', 'Too many requests', {
    detail: `Try again in ${retryAfterSeconds} s.`,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

async function enforce(rule: RateLimitRule, key: string): Promise<void> {
  const runtime = await getServiceRuntime();
  const outcome = await hitRateLimit(runtime.db, rule, key, runtime.now());
  if (!outcome.allowed) throw rateLimited(outcome.retryAfterSeconds);
}

/** The route's token rule (lib/platform/http/token-access.ts), the one the OpenAPI document and the capability list state. */
function refuseTokenOutsideItsAccess(route: RouteDefinition, scopes: readonly string[]): void {
  const access = tokenAccessOf(route);
  if (access === null) throw HttpProblem.forbidden('Signed in as a person required', 'This endpoint does not accept agent tokens.');
  if (access !== 'any' && !scopes.includes(access)) throw HttpProblem.forbidden('Agent token not allowed', `This call needs an agent token with the "${access}" scope.`);
}

export interface AuthenticateOptions {
  routeOf: (event: ServiceEvent) => RouteDefinition | undefined;
  resolveCaller: CallerResolver;
}

/**
 * Finds the caller (agent token or session), applies the sign-in and
 * anonymous rate limits, and enforces the route's `auth`: 401 without a
 * valid credential, 403 for an agent token the route's token rule refuses
 * (a person-only route, a write naming no scope, a scope the token lacks).
 */
export function authenticate(options: AuthenticateOptions): middy.MiddlewareObj<ServiceEvent, ServiceResult, Error, AuthenticatedContext> {
  const identify = async (request: middy.Request<ServiceEvent, ServiceResult, Error, AuthenticatedContext>, route: RouteDefinition, limitedPath: boolean): Promise<void> => {
    const event = request.event;
    const runtime = await getServiceRuntime();
    const client = readClientInfo(event, runtime.config.trustedProxies, event.svcSocketScheme ?? 'https');
    if (route.rateLimit) await enforce(rateLimitRules[route.rateLimit], client.address);

    const caller = await options.resolveCaller(
      runtime.db,
      { authorization: event.headers.authorization, cookies: parseCookies(event.cookies) },
      runtime.now(),
    );
    request.context.svcCaller = caller;
    if (!caller && limitedPath) await enforce(rateLimitRules.anonymous, client.address);

    switch (route.auth) {
      case 'none':
        return;
      case 'signed-in':
      case 'person':
        if (!caller) throw HttpProblem.unauthorized();
        break;
      case 'token':
        if (caller?.kind !== 'agent-token') throw HttpProblem.unauthorized('Agent token required', 'Send an agent token as "Authorization: Bearer <token>".');
        break;
    }
    if (caller?.kind === 'agent-token') refuseTokenOutsideItsAccess(route, caller.scopes);
  };
  return {
    // Not async: a public route that no limit counts (health, the sign-in page's reads) costs no promise.
    before: (request) => {
      const route = options.routeOf(request.event);
      // Web client files: no limit counts them (part 2 "Limits"), and they read no credential.
      if (!route || route.webClient) return;
      const limitedPath = countsInAnonymousLimit(request.event.rawPath);
      if (route.auth === 'none' && !limitedPath && !route.rateLimit) return;
      return identify(request, route, limitedPath);
    },
  };
}

