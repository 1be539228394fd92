/**
 * Finding a step of a stored scenario document by ID (pure), at any depth:
 * in `steps`, `then`, `onError`, `else`, each list of `branches` and each
 * list of `handlers`.
 */
import type { JsonValue } from '../../core/playback/scenario-document';

export interface FoundStep {
  type: string;
  /** For a call step: the operation it calls (null when the step names none). */
  operation: string | null;
  /** For a call step: its `request` JSON value. */
  request: JsonValue;
  /** Publish steps run inside the callee (in `then`, at any depth), in document order. */
  publishes: PublishBehind[];
}

/** A publish step behind a call: what the callee sends on, which the load tool does not see. */
export interface PublishBehind {
  stepId: string | null;
  messageId: string | null;
  channelId: string | null;
  /** Subscriptions with a handler list in the step. */
  handlers: number;
}

/** The publish steps in `lists` and every list below them, depth first in document order. */
function publishesIn(lists: unknown[]): PublishBehind[] {
  const found: PublishBehind[] = [];
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const entry of list) {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
      const step = entry as Record<string, unknown>;
      if (step.type === 'publish') {
        const handlers = step.handlers !== null && typeof step.handlers === 'object' && !Array.isArray(step.handlers) ? Object.keys(step.handlers).length : 0;
        found.push({ stepId: typeof step.id === 'string' ? step.id : null, messageId: typeof step.message === 'string' ? step.message.toLowerCase() : null, channelId: typeof step.channel === 'string' ? step.channel.toLowerCase() : null, handlers });
      }
      for (const inner of listsOf(step)) visit(inner);
    }
  };
  for (const list of lists) visit(list);
  return found;
}

function listsOf(step: Record<string, unknown>): unknown[] {
  const lists: unknown[] = [step.then, step.onError, step.else];
  if (Array.isArray(step.branches)) lists.push(...step.branches);
  if (step.handlers !== null && typeof step.handlers === 'object' && !Array.isArray(step.handlers)) lists.push(...Object.values(step.handlers));
  return lists;
}

/** The step with ID `stepId` in a scenario document, or null. */
export function findScenarioStep(document: unknown, stepId: string): FoundStep | null {
  const pending: unknown[] = [(document as { steps?: unknown } | null)?.steps];
  while (pending.length > 0) {
    const list = pending.pop();
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
      const step = entry as Record<string, unknown>;
      if (step.id === stepId) {
        return {
          type: String(step.type),
          operation: typeof step.operation === 'string' ? step.operation.toLowerCase() : null,
          request: (step.request ?? null) as JsonValue,
          publishes: step.type === 'call' ? publishesIn([step.then]) : [],
        };
      }
      pending.push(...listsOf(step));
    }
  }
  return null;
}

/** The faults of a scenario document that name one of `targets` (IDs in lower case), in document order. */
export function faultsOn(document: unknown, targets: readonly string[]): { target: string; kind: string; failFirst: number | null }[] {
  const faults = (document as { faults?: unknown } | null)?.faults;
  if (!Array.isArray(faults)) return [];
  return faults.flatMap((fault) => {
    if (fault === null || typeof fault !== 'object') return [];
    const { target, kind, failFirst } = fault as Record<string, unknown>;
    if (typeof target !== 'string' || !targets.includes(target.toLowerCase())) return [];
    return [{ target: target.toLowerCase(), kind: String(kind), failFirst: typeof failFirst === 'number' ? failFirst : null }];
  });
}
