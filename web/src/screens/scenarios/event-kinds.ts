/**
 * How the timeline tells trace events apart: each kind keeps its own name as
 * the badge text and gets a group (for the badge's colour and border) and a
 * symbol, so a kind is never told by colour alone.
 */
export type EventGroup = 'call' | 'failure' | 'retry' | 'message' | 'dead-letter' | 'data' | 'branch' | 'skipped' | 'route';

const groups: Record<string, { group: EventGroup; symbol: string; meaning: string }> = {
  RequestSent: { group: 'call', symbol: '→', meaning: 'a call attempt starts' },
  ResponseReceived: { group: 'call', symbol: '←', meaning: 'the caller hears the answer' },
  RequestFailed: { group: 'failure', symbol: '✗', meaning: 'the call attempt failed' },
  RequestTimedOut: { group: 'failure', symbol: '⌛', meaning: 'no answer within the timeout' },
  RetryScheduled: { group: 'retry', symbol: '↻', meaning: 'another attempt is scheduled' },
  Published: { group: 'message', symbol: '✉', meaning: 'a message is published' },
  PublishFailed: { group: 'failure', symbol: '✗', meaning: 'the channel refused the message' },
  Delivered: { group: 'message', symbol: '✓', meaning: 'a consumer handled the message' },
  DeliveryFailed: { group: 'failure', symbol: '✗', meaning: 'a delivery attempt failed' },
  DeadLettered: { group: 'dead-letter', symbol: '☠', meaning: 'every attempt failed: the message went to the dead-letter channel' },
  Dropped: { group: 'dead-letter', symbol: '⊘', meaning: 'every attempt failed and the message is lost' },
  DataWritten: { group: 'data', symbol: '▤', meaning: 'a write to a store' },
  DataWriteFailed: { group: 'failure', symbol: '✗', meaning: 'a write failed' },
  BranchTaken: { group: 'branch', symbol: '⑂', meaning: 'a branch chose then or else' },
  StepSkipped: { group: 'skipped', symbol: '–', meaning: 'a step did not run' },
  Routed: { group: 'route', symbol: '⇢', meaning: 'a binding passed the message on' },
  NotRouted: { group: 'route', symbol: '⇏', meaning: 'a binding did not pass the message on' },
};

export function eventKindLook(kind: string): { group: EventGroup; symbol: string; meaning: string } {
  return groups[kind] ?? { group: 'call', symbol: '•', meaning: kind };
}

/** A fault's detail reads "<Error|Outage|Timeout> fault on <what> <id>" (docs/playback.md). */
const faultDetail = /\b(Error|Outage|Timeout) fault on\b/;

export function isFaultInjected(detail: string | null): boolean {
  return detail !== null && faultDetail.test(detail);
}
