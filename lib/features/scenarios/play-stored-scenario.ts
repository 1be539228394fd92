import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { loadModelSnapshot } from '../../core/model/model-store';
import { branchOrMain } from '../../core/model/stream-store';
import { playScenario } from '../../core/playback/play-scenario';
import type { RunResult } from '../../core/playback/playback-types';
import type { ScenarioDocument } from '../../core/playback/scenario-document';
import { scenarioFingerprints } from './scenario-fingerprints';
import { renderTraceSequence, sequenceParticipants } from '../../core/render/render-trace-sequence';
import { findScenario, type StoredScenario } from './scenario-store';

export interface StoredScenarioRun {
  /** Undefined when the project has no live scenario with that ID. */
  scenario: StoredScenario | undefined;
  /** Fingerprint of the stored document that was played (null when there is none). */
  scenarioHash: string | null;
  /** The main version the model was read at. */
  modelVersion: number;
  /** Null when there is no scenario to play. */
  result: RunResult | null;
  /** The run as a Mermaid sequence diagram (docs/sequence-diagrams.md); null when there is no scenario to play. */
  sequenceText(): string | null;
}

/** The stored document as the player reads it: the ID and name of the row, the lists of the document. */
export function scenarioDocumentOf(stored: StoredScenario): ScenarioDocument {
  return { ...(stored.document as object), id: stored.id, name: stored.name } as ScenarioDocument;
}

/**
 * Plays a stored scenario over the main model, or the branch `branchId`
 * names (404 for one that is not a branch of the project). The scenario, its fingerprint,
 * the model and its version are read in one repeatable-read transaction, so
 * the result names exactly the inputs it played. Writes nothing.
 */
export async function playStoredScenario(db: Kysely<Database>, input: { projectId: string; scenarioId: string; branchId?: string | null }): Promise<StoredScenarioRun> {
  const read = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const scenario = await findScenario(trx, input.projectId, input.scenarioId);
      const stream = await branchOrMain(trx, input.projectId, input.branchId ?? null);
      if (!scenario) return { scenario, scenarioHash: null, stream, model: null };
      const [model, hashes] = await Promise.all([loadModelSnapshot(trx, stream.id), scenarioFingerprints(trx, input.projectId, [scenario.id])]);
      return { scenario, scenarioHash: hashes.get(scenario.id) ?? null, stream, model };
    });
  if (!read.scenario || !read.model) return { scenario: read.scenario, scenarioHash: null, modelVersion: read.stream.modelVersion, result: null, sequenceText: () => null };
  const { model } = read;
  const scenario = scenarioDocumentOf(read.scenario);
  // A stored scenario always plays under the schema-check budget, read off the process's monotonic clock.
  const result = playScenario({ model, modelVersion: read.stream.modelVersion, scenario, monotonicNowMs: () => performance.now() });
  const sequenceText = () => renderTraceSequence({ scenario, run: result, participants: sequenceParticipants(model, scenario, result) });
  return { scenario: read.scenario, scenarioHash: read.scenarioHash, modelVersion: read.stream.modelVersion, result, sequenceText };
}
