/**
 * The run result of part 1 "Scenarios": "Run result members: engineVersion,
 * hash, modelVersion, issues, events, outcomes, assertions, labels … Issue:
 * stepId, code, message. Event: sequence, atMs, kind, stepId, attempt, from,
 * to, target, payload, detail, message, headers. Assertion result: id,
 * passed, detail."
 */
import type { JsonValue, StepOutcome } from './scenario-document';

/** "The playback engineVersion is 1" (part 1 "Versioning"). */
export const engineVersion = 1;

/** Part 1 "Events": the trace event kinds. */
export const eventKinds = [
  'RequestSent',
  'ResponseReceived',
  'RequestFailed',
  'RequestTimedOut',
  'RetryScheduled',
  'Published',
  'PublishFailed',
  'Delivered',
  'DeliveryFailed',
  'DeadLettered',
  'Dropped',
  'DataWritten',
  'DataWriteFailed',
  'BranchTaken',
  'StepSkipped',
  'Routed',
  'NotRouted',
] as const;
/** One trace event kind. */
export type EventKind = (typeof eventKinds)[number];

/** Part 1 "Scenario validation codes". */
export const issueCodes = [
  'unknown-element',
  'unknown-operation',
  'unknown-channel',
  'unknown-message',
  'unknown-subscription',
  'unknown-schema',
  'subscription-not-on-channel',
  'invalid-routing-key',
  'unknown-step',
  'invalid-outcome',
  'schema-mismatch',
  'missing-payload',
  'invalid-schema',
  'duplicate-step-id',
  'missing-step-id',
  'missing-dataset',
  'malformed-scenario',
  'unknown-fault-target',
  'duplicate-fault',
  'invalid-fault',
  'invalid-assertion',
  'unknown-assertion-target',
  'invalid-payload',
  'payload-too-large',
  'too-deep',
  'too-many-steps',
  'trace-too-large',
  'invalid-model',
  'validation-too-slow',
] as const;
/** One validation code. */
export type IssueCode = (typeof issueCodes)[number];

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

/** The run result of POST …/scenarios/{scenarioId}/run. */
export interface RunResult {
  engineVersion: typeof engineVersion;
  /** SHA-256 (lower-case hex) of the canonical trace text (trace-hash.ts). */
  hash: string;
  modelVersion: number;
  issues: ScenarioIssue[];
  events: PlaybackEvent[];
  outcomes: StepOutcomeEntry[];
  assertions: AssertionResult[];
  /** "a name for each ID an event can hold", keys in ID order. */
  labels: Record<string, string>;
}
