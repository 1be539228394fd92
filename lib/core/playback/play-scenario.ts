/**
 * Playback of a scenario over a model snapshot (part 1 "Scenarios", run
 * result and playback rules 1–13): validate, play, evaluate the assertions,
 * label and hash. A pure function: no database, no clock but the one passed
 * in for the schema-check budget, no randomness.
 */
import type { ModelSnapshot } from '../model/model-records';
import { evaluateAssertions } from './evaluate-assertions';
import { runPlaybackPlan } from './playback-engine';
import { buildPlaybackIndex, type PlaybackIndex } from './playback-index';
import { playbackLimits } from './playback-limits';
import { buildPlaybackPlan } from './playback-plan';
import { engineVersion, type RunResult, type ScenarioIssue, type StepOutcomeEntry } from './playback-types';
import type { ScenarioDocument } from './scenario-document';
import { digestTrace, hashTrace } from './trace-hash';
import { labelTrace } from './trace-labels';
import { validateScenario } from './validate-scenario';

/** What a run reads. */
export interface PlayScenarioInput {
  model: ModelSnapshot;
  /** The version of the stream the model was read at; returned as `modelVersion`. */
  modelVersion: number;
  scenario: ScenarioDocument;
  /** A monotonic clock for "Schema checks per validation | 2 seconds"; without one the budget is not enforced. */
  monotonicNowMs?: () => number;
  /** Default 2000 ms. */
  schemaCheckBudgetMs?: number;
  /** The model's index when the caller plays several scenarios over one model (built from `model` otherwise). */
  index?: PlaybackIndex;
}

function refused(modelVersion: number, issues: ScenarioIssue[]): RunResult {
  // "An invalid scenario returns 200 with issues and no events."
  return { engineVersion, hash: hashTrace([], []), modelVersion, issues, events: [], outcomes: [], assertions: [], labels: {} };
}

/**
 * Validates and plays a scenario. `outcomes` lists every step in document
 * order (a step, then its nested lists: then, onError, handlers by
 * subscription ID, branches, else) with its outcome; a step that never
 * settled is Skipped.
 *
 * @example
 * const result = playScenario({ model, modelVersion: 7, scenario, monotonicNowMs: () => performance.now() });
 */
export function playScenario(input: PlayScenarioInput): RunResult {
  const { model, modelVersion, scenario } = input;
  const index = input.index ?? buildPlaybackIndex(model);
  const issues = validateScenario({ model, scenario, index, monotonicNowMs: input.monotonicNowMs, schemaCheckBudgetMs: input.schemaCheckBudgetMs });
  if (issues.length > 0) return refused(modelVersion, issues);
  const plan = buildPlaybackPlan(model, index, scenario);
  const played = runPlaybackPlan(plan);
  if (!played.ok) return refused(modelVersion, [played.issue]);
  const outcomes: StepOutcomeEntry[] = plan.stepIds.map((stepId, i) => ({ stepId, outcome: played.outcomes.get(i) ?? 'Skipped' }));
  const digest = digestTrace(played.events, outcomes);
  if (digest.eventsJsonBytes > playbackLimits.traceJsonBytes) {
    const mebibytes = playbackLimits.traceJsonBytes / 1048576;
    return refused(modelVersion, [{ stepId: null, code: 'trace-too-large', message: `the trace would be over ${mebibytes} MiB of JSON: every event carries its payload` }]);
  }
  const byStep = new Map(outcomes.map((entry) => [entry.stepId, entry.outcome]));
  return {
    engineVersion,
    hash: digest.hash,
    modelVersion,
    issues: [],
    events: played.events,
    outcomes,
    assertions: evaluateAssertions(scenario.assertions ?? [], played.events, (stepId) => byStep.get(stepId) ?? 'Skipped'),
    labels: labelTrace(model, digest.ids),
  };
}
