import type middy from '@middy/core';
import type { Caller } from '../../auth/caller';
import type { Logger } from '../../runtime/logger';
import type { ServiceEvent, ServiceResult } from '../service-event';
import type { AuthenticatedContext } from './authenticate';

export interface AccessLogOptions {
  logger: () => Logger;
  now?: () => number;
}

export type CallerKind = 'person' | 'agent-token' | 'anonymous';

/** The caller as the access line names it: its kind only, never who or with what credential. */
export function callerKindOf(caller: Caller | null | undefined): CallerKind {
  return caller ? caller.kind : 'anonymous';
}

export interface AccessLine {
  requestId: string;
  routeKey: string;
  status: number;
  durationMs: number;
  callerKind: CallerKind;
}

/** Writes the one access line of a request (docs/operations.md, "Access lines"). */
export function writeAccessLine(log: Logger, line: AccessLine): void {
  log.info(`${line.routeKey} ${line.status} ${line.durationMs} ms`, { type: 'access', ...line });
}

/**
 * One access line per invocation: request ID, route key (the pattern, never
 * the path or query, which can carry IDs or codes), final status, duration
 * and the caller's kind. Used first, so that it sees the answer after the
 * error body and every header are in place.
 */
export function accessLog(options: AccessLogOptions): middy.MiddlewareObj<ServiceEvent, ServiceResult, Error, AuthenticatedContext> {
  const now = options.now ?? Date.now;
  const started = new WeakMap<object, number>();
  const write = (request: middy.Request<ServiceEvent, ServiceResult, Error, AuthenticatedContext>): void => {
    const start = started.get(request) ?? now();
    writeAccessLine(options.logger(), {
      requestId: request.context.awsRequestId ?? request.event.requestContext.requestId,
      routeKey: request.event.routeKey,
      status: request.response?.statusCode ?? 500,
      durationMs: now() - start,
      callerKind: callerKindOf(request.context.svcCaller),
    });
  };
  return {
    before: (request) => {
      started.set(request, now());
    },
    after: write,
    onError: write,
  };
}
