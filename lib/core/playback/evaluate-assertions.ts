/**
 * The assertion results of a played scenario (part 1 "Assertion"):
 * `outcome` holds when "The step has the outcome `expected` … A step without
 * outcome counts as Skipped"; `event-count` when "The trace holds exactly
 * `expected` (0 or more) events of the kind, retried attempts included. With a
 * target …, an event counts only when its target, from or to equals it."
 */
import type { AssertionResult, PlaybackEvent } from './playback-types';
import type { Assertion, StepOutcome } from './scenario-document';

/**
 * One result per assertion, in document order. Only call it for a scenario
 * that passed validation.
 *
 * @example
 * evaluateAssertions(scenario.assertions ?? [], events, (stepId) => outcomes.get(stepId) ?? 'Skipped');
 */
export function evaluateAssertions(
  assertions: ReadonlyArray<Assertion | null>,
  events: readonly PlaybackEvent[],
  outcomeOf: (stepId: string) => StepOutcome,
): AssertionResult[] {
  return assertions.map((assertion) => {
    const a = assertion!;
    const id = a.id!;
    if (a.type === 'outcome') {
      const outcome = outcomeOf(a.step!);
      const passed = outcome === a.expected;
      return { id, passed, detail: `step ${JSON.stringify(a.step)} is ${outcome}${passed ? '' : `, expected ${a.expected}`}` };
    }
    const target = a.target === null || a.target === undefined ? null : a.target.toLowerCase();
    let count = 0;
    for (const event of events) {
      if (event.kind === a.kind && (target === null || event.target === target || event.from === target || event.to === target)) count++;
    }
    const passed = count === a.expected;
    const about = target === null ? '' : ` with ${target}`;
    return { id, passed, detail: `${count} ${a.kind} event${count === 1 ? '' : 's'}${about}${passed ? '' : `, expected ${a.expected}`}` };
  });
}
