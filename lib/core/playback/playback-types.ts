/**
 * The run result of part 1 "Scenarios": "Run result members: engineVersion,
 * hash, modelVersion, issues, events, outcomes, assertions, labels … Issue:
 * stepId, code, message. Event: sequence, atMs, kind, stepId, attempt, from,
 * to, target, payload, detail, message, headers. Assertion result: id,
 * passed, detail."
 */
import type { RunResult as RunResultAnswer } from '../../../contracts/scenarios';

export { engineVersion, eventKinds, issueCodes, type EventKind, type IssueCode } from '../../../contracts/scenarios';

/** A validation issue: "Issue: stepId, code, message"; stepId is null when the issue is not about one step. */
export type ScenarioIssue = RunResult['issues'][number];

/** One trace event; members that do not apply to the kind are null (lib/core/playback/README.md says which apply). */
export type PlaybackEvent = RunResult['events'][number];

/** The outcome of one step, in `outcomes` (document order). */
export type StepOutcomeEntry = RunResult['outcomes'][number];

/** "Assertion result: id, passed, detail". */
export type AssertionResult = RunResult['assertions'][number];

/** The run result of POST …/scenarios/{scenarioId}/run (contracts/scenarios.ts). */
export type RunResult = RunResultAnswer;
