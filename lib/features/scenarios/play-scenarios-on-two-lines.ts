import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { loadModelSnapshot } from '../../core/model/model-store';
import type { ModelSnapshot } from '../../core/model/model-records';
import { buildPlaybackIndex } from '../../core/playback/playback-index';
import { playScenario } from '../../core/playback/play-scenario';
import type { RunResult } from '../../core/playback/playback-types';
import { scenarioDocumentOf } from './play-stored-scenario';
import type { ScenarioOrigin, StoredScenario } from './scenario-store';

/** One scenario played over both lines. */
export interface ScenarioRunPair {
  scenario: { id: string; name: string };
  left: RunResult;
  right: RunResult;
}

export interface ScenarioRunPairs {
  /** Live scenarios of the project. */
  total: number;
  /** The first `limit` of them in name-then-ID order, each played on both lines. */
  pairs: ScenarioRunPair[];
}

interface Line {
  streamId: string;
  modelVersion: number;
}

/**
 * Plays the project's live scenarios (the first `limit` in name-then-ID order) over two lines of
 * its model, each model read once and indexed once for all of them. The scenarios and both
 * models are read in one repeatable-read transaction, so both sides play the same documents
 * over models of one moment. Writes nothing.
 */
export async function playScenariosOnTwoLines(db: Kysely<Database>, input: { projectId: string; left: Line; right: Line; limit: number }): Promise<ScenarioRunPairs> {
  const read = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const live = trx.selectFrom('scenarios').where('project_id', '=', input.projectId).where('deleted_at', 'is', null);
      const [count, rows] = await Promise.all([
        live.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        live.select(['id', 'name', 'document', 'origin']).orderBy('name').orderBy('id').limit(input.limit).execute(),
      ]);
      const scenarios: StoredScenario[] = rows.map((r) => ({ id: r.id, name: r.name, document: r.document as Record<string, unknown>, origin: r.origin as ScenarioOrigin }));
      // No scenario to play: the models are not read at all.
      if (scenarios.length === 0) return { total: Number(count.n), scenarios, models: null };
      const models = await Promise.all([loadModelSnapshot(trx, input.left.streamId), loadModelSnapshot(trx, input.right.streamId)]);
      return { total: Number(count.n), scenarios, models };
    });
  if (read.models === null) return { total: read.total, pairs: [] };
  const [left, right] = [playerOf(read.models[0], input.left.modelVersion), playerOf(read.models[1], input.right.modelVersion)];
  const pairs = read.scenarios.map((stored) => {
    const scenario = scenarioDocumentOf(stored);
    return { scenario: { id: stored.id, name: stored.name }, left: left(scenario), right: right(scenario) };
  });
  return { total: read.total, pairs };
}

function playerOf(model: ModelSnapshot, modelVersion: number) {
  const index = buildPlaybackIndex(model);
  // Each run keeps the stored scenario's schema-check budget, read off the process's monotonic clock.
  return (scenario: ReturnType<typeof scenarioDocumentOf>) => playScenario({ model, modelVersion, scenario, index, monotonicNowMs: () => performance.now() });
}
