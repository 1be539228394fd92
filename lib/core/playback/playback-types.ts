/**
 * The run result of part 1 "Scenarios": "Run result members: engineVersion,
 * hash, modelVersion, issues, events, outcomes, assertions, labels … Issue:
 * stepId, code, message. Event: sequence, atMs, kind, stepId, attempt, from,
 * to, target, payload, detail, message, headers. Assertion result: id,
 * passed, detail."
 */
import type { EventKind, IssueCode, RunResult as RunResultAnswer } from '../../../contracts/scenarios';
import type { JsonValue, StepOutcome } from './scenario-document';

export { engineVersion, eventKinds, issueCodes, type EventKind, type IssueCode } from '../../../contracts/scenarios';

/** A validation issue: "Issue: stepId, code, message"; stepId is null when the issue is not about one step. */
export interface ScenarioIssue {
  stepId: string | null;
  code: IssueCode;
  message: string;
}

/** One trace event; members that do not apply to the kind are null (lib/core/playback/README.md says which apply). */
export interface PlaybackEvent {
  /** 1, 2, 3… in trace order. */
  sequence: number;
  /** Virtual time: "only a declared timeout and a retry backoff move it". */
  atMs: number;
  kind: EventKind;
  /** The scenario step the event comes from (for a delivery: the publish step). */
  stepId: string | null;
  /** The attempt of the call or delivery the event is about (1 for the first). */
  attempt: number | null;
  from: string | null;
  to: string | null;
  /** The model record the event is about: operation, channel, subscription, binding or store element. */
  target: string | null;
  /** The scenario's JSON value, by reference (request, response, message payload or write change). */
  payload: JsonValue;
  detail: string | null;
  /** The message record ID, for the events of a published message. */
  message: string | null;
  headers: Readonly<Record<string, string>> | null;
}

/** The outcome of one step, in `outcomes` (document order). */
export interface StepOutcomeEntry {
  stepId: string;
  outcome: StepOutcome;
}

/** "Assertion result: id, passed, detail". */
export interface AssertionResult {
  id: string;
  passed: boolean;
  detail: string;
}

/** The run result of POST …/scenarios/{scenarioId}/run (contracts/scenarios.ts). */
export type RunResult = RunResultAnswer;
