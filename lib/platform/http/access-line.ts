import type { Caller } from './caller';
import type { Logger } from '../runtime/logger';

export type CallerKind = 'person' | 'agent-token' | 'anonymous';

/** The caller as the access line names it: its kind only, never who or with what credential. */
export function callerKindOf(caller: Caller | null | undefined): CallerKind {
  return caller ? caller.kind : 'anonymous';
}

/**
 * What the access line of one request says (docs/operations.md, "Access
 * lines"): request ID, route key (the pattern, never the path or query, which
 * can carry IDs or codes), final status, duration and the caller's kind.
 */
export interface AccessLine {
  requestId: string;
  routeKey: string;
  status: number;
  durationMs: number;
  callerKind: CallerKind;
}

/** Writes the one access line of a request. */
export function writeAccessLine(log: Logger, line: AccessLine): void {
  log.info(`${line.routeKey} ${line.status} ${line.durationMs} ms`, {
    type: 'access',
    requestId: line.requestId,
    routeKey: line.routeKey,
    status: line.status,
    durationMs: line.durationMs,
    callerKind: line.callerKind,
  });
}
