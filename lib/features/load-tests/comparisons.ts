/**
 * GET …/compare/results and …/compare/estimate: computed on each read from
 * stored results, the model, a playback run and the cost sheet's
 * assumptions; nothing of a comparison is stored (docs/load-tests.md).
 *
 * `runId` names a stored playback run: a run of a promise's scenario-check
 * obligation (`promise_runs`), the only playback this service keeps under an
 * ID. Its trace is not stored, so the scenario is played again over main; the
 * answer says whether that gives the very trace the run recorded (same hash).
 */
import type { Kysely } from 'kysely';
import type { EstimateComparison, Regression, ResultHead } from '../../../contracts/load-tests';
import type { Database } from '../../platform/db/schema';
import { NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { loadModelSnapshot } from '../../core/model/model-store';
import { playStoredScenario } from '../scenarios/play-stored-scenario';
import type { ProjectRecord } from '../workspaces/project-store';
import { compareWithEstimate, type UsageAssumption } from './estimate-comparison';
import { compareMeasurements } from './regression';
import type { LoadTestResult } from './result-store';
import { existingResult } from './results';

function resultHead(result: LoadTestResult): ResultHead {
  return { id: result.id, targetId: result.targetId, scriptId: result.scriptId, truth: result.truth, provenance: result.provenance };
}

export async function compareResults(db: Kysely<Database>, project: ProjectRecord, input: { baselineId: string; candidateId: string }): Promise<Regression> {
  const baseline = await existingResult(db, project, input.baselineId);
  const candidate = await existingResult(db, project, input.candidateId);
  return { baseline: resultHead(baseline), candidate: resultHead(candidate), ...compareMeasurements(baseline.measurements, candidate.measurements) };
}

interface PlaybackRunRecord {
  id: string;
  promiseId: string;
  scenarioId: string;
  modelVersion: number | null;
  hash: string;
  at: string;
}

/** A scenario-check run of a promise of the project; 404 when there is none, 400 when it played nothing. */
async function playbackRun(db: Kysely<Database>, project: ProjectRecord, runId: string): Promise<PlaybackRunRecord> {
  const row = await db
    .selectFrom('promise_runs as r')
    .innerJoin('promises as p', 'p.id', 'r.promise_id')
    .select(['r.id', 'r.promise_id', 'r.evidence', 'r.model_revision', 'r.at'])
    .where('p.project_id', '=', project.id)
    .where('r.id', '=', runId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Playback run not found', 'No promise run with this ID in the project.');
  const evidence = Array.isArray(row.evidence) ? (row.evidence as Record<string, unknown>[]) : [];
  const played = evidence.find((e) => e.kind === 'scenario-run');
  if (!played || typeof played.scenarioId !== 'string' || typeof played.hash !== 'string') {
    throw new ValidationError('Invalid query parameter', [{ field: 'runId', message: 'names a promise run that played no scenario (not a scenario-check, or its scenario was missing)' }]);
  }
  return { id: row.id, promiseId: row.promise_id, scenarioId: played.scenarioId, modelVersion: row.model_revision, hash: played.hash, at: row.at.toISOString() };
}

async function mainAssumptions(db: Kysely<Database>, project: ProjectRecord): Promise<UsageAssumption[]> {
  const rows = await db
    .selectFrom('cost_assumptions')
    .select(['id', 'name', 'kind', 'subject_id', 'value', 'unit', 'label'])
    // The main stream's ID is the project's.
    .where('stream_id', '=', project.id)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind, subjectId: r.subject_id, value: r.value, unit: r.unit, label: r.label }));
}

export async function compareWithModel(db: Kysely<Database>, project: ProjectRecord, input: { resultId: string; runId: string }): Promise<EstimateComparison> {
  const result = await existingResult(db, project, input.resultId);
  const run = await playbackRun(db, project, input.runId);
  const replay = await playStoredScenario(db, { projectId: project.id, scenarioId: run.scenarioId });
  const events = replay.result?.events ?? [];
  const [model, assumptions] = await Promise.all([loadModelSnapshot(db, project.id), mainAssumptions(db, project)]);
  return {
    result: resultHead(result),
    run: {
      ...run,
      truth: 'declared' as const,
      reproduced: replay.result !== null && replay.result.issues.length === 0 && replay.result.hash === run.hash,
      replayedAtModelVersion: replay.modelVersion,
    },
    lines: compareWithEstimate({ measurements: result.measurements, model, events, assumptions }),
  };
}
