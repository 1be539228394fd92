import type middy from '@middy/core';
import { withServiceRuntime, type ServiceRuntime } from '../../runtime/service-runtime';
import { readClientInfo } from '../client-info';
import type { ServiceEvent, ServiceResult } from '../service-event';

/** One year, subdomains included: the hosted service is meant to be reached over HTTPS only. */
export const strictTransportSecurityValue = 'max-age=31536000; includeSubDomains';

/**
 * Part 2: "the scheme decides … whether the hosted profile sends
 * Strict-Transport-Security". Added to every answer of the hosted profile
 * that went over HTTPS (as the socket or a trusted proxy says), errors
 * included; used first, so that it runs after everything else.
 */
export function strictTransportSecurity(): middy.MiddlewareObj<ServiceEvent, ServiceResult> {
  const apply = (runtime: ServiceRuntime, request: middy.Request<ServiceEvent, ServiceResult>): void => {
    const response = request.response;
    if (!response || runtime.config.profile !== 'hosted') return;
    const event = request.event;
    if (readClientInfo(event, runtime.config.trustedProxies, event.svcSocketScheme ?? 'https').scheme !== 'https') return;
    response.headers = { ...response.headers, 'strict-transport-security': strictTransportSecurityValue };
  };
  // Not async: once the runtime is built (every request but a function's first) it costs no promise.
  const add = (request: middy.Request<ServiceEvent, ServiceResult>): void | Promise<void> => {
    const applied = withServiceRuntime((runtime) => apply(runtime, request));
    // No runtime, no profile to decide by: the error answer stands without the header.
    if (applied instanceof Promise) return applied.catch(() => undefined);
  };
  return { after: add, onError: add };
}
