import type { ModelSnapshot } from '../../core/model/model-records';
import { buildPlaybackIndex } from '../../core/playback/playback-index';
import { playScenario } from '../../core/playback/play-scenario';
import type { RunResult } from '../../core/playback/playback-types';
import type { ScenarioDocument } from '../../core/playback/scenario-document';
import { scenarioDocumentOf } from './play-stored-scenario';
import type { StoredScenario } from './scenario-store';

/** One scenario played over both lines. */
export interface ScenarioRunPair {
  scenario: { id: string; name: string };
  left: RunResult;
  right: RunResult;
}

/** A line's model as read, with the version it was read at. */
export interface PlayedLine {
  model: ModelSnapshot;
  modelVersion: number;
}

function playerOf(line: PlayedLine) {
  const index = buildPlaybackIndex(line.model);
  // Each run keeps the stored scenario's schema-check budget, read off the process's monotonic clock.
  return (scenario: ScenarioDocument) => playScenario({ model: line.model, modelVersion: line.modelVersion, scenario, index, monotonicNowMs: () => performance.now() });
}

/**
 * Plays stored scenarios over two lines of a model, each model indexed once for all of them.
 * The caller reads the scenarios and both models in one snapshot, so both sides play the same
 * documents over models of one moment.
 */
export function playScenariosOnTwoLines(scenarios: readonly StoredScenario[], left: PlayedLine, right: PlayedLine): ScenarioRunPair[] {
  if (scenarios.length === 0) return [];
  const [playLeft, playRight] = [playerOf(left), playerOf(right)];
  return scenarios.map((stored) => {
    const scenario = scenarioDocumentOf(stored);
    return { scenario: { id: stored.id, name: stored.name }, left: playLeft(scenario), right: playRight(scenario) };
  });
}
