import type middy from '@middy/core';
import type { ServiceConfig } from '../../config/service-config';
import { withServiceRuntime } from '../../runtime/service-runtime';
import { allowedHostTest, hostNotAllowed, type HostTest } from '../allowed-hosts';
import type { ServiceEvent, ServiceResult } from '../service-event';

const testsByConfig = new WeakMap<ServiceConfig, HostTest>();

/** The host test of a configuration, built once. */
export function hostTestOf(config: ServiceConfig): HostTest {
  let test = testsByConfig.get(config);
  if (!test) {
    test = allowedHostTest(config.allowedHosts, config.publicUrl);
    testsByConfig.set(config, test);
  }
  return test;
}

/** The host a request named: its `Host` header, or the domain API Gateway received it on. */
export function requestHost(event: ServiceEvent): string | undefined {
  return event.headers.host ?? event.requestContext.domainName;
}

/**
 * Refuses (400 `host_not_allowed`) a request whose `Host` is not in
 * `AllowedHosts` (part 2 "Environment"), in both profiles and in both
 * deployments: the function deployment runs this as the container does.
 * Runs first, so a refused request reads no credential and counts toward no limit.
 */
export function allowedHost(): middy.MiddlewareObj<ServiceEvent, ServiceResult> {
  const check = (config: ServiceConfig, event: ServiceEvent): void => {
    const host = requestHost(event);
    if (!hostTestOf(config)(host)) throw hostNotAllowed(host);
  };
  return {
    // Not async once the runtime is built (every request but a function's first).
    before: (request) => withServiceRuntime((runtime) => check(runtime.config, request.event)),
  };
}
