/**
 * Measured results (docs/load-tests.md "Results"): the body a load tool
 * wrote, read into figures per operation and stored with the truth label
 * `measured` and its provenance, tied to a script (and so to a target), and
 * finishing the stress run it names, in one transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { readModelRecord } from '../../core/model/model-store';
import type { ProjectRecord } from '../workspaces/project-store';
import { resultRefused } from './load-test-problems';
import { readMeasuredResult } from './measured-result';
import { deleteResult, findResult, insertResult, type LoadTestResult } from './result-store';
import { findScript } from './script-store';
import { findStressRun, markStressRunFinished } from './stress-run-store';
import { findTarget } from './target-store';

export interface ResultContext {
  db: Kysely<Database>;
  now: () => Date;
  newId: () => string;
}

export interface ResultUpload {
  project: ProjectRecord;
  scriptId: string;
  stressRunId: string | null;
  /** Null: the environment the script was written for. */
  environment: string | null;
  /** Null: when the stress run started, else when the result arrives. */
  runAt: Date | null;
  body: unknown;
  actor: string;
}

/** POST …/load-tests/results: 201 the result; 422 naming what the body lacks; 409 for a run that has its result or was finished. */
export async function storeResult(context: ResultContext, upload: ResultUpload): Promise<LoadTestResult> {
  const id = context.newId();
  await context.db.transaction().execute(async (trx) => {
    const script = await findScript(trx, upload.project.id, upload.scriptId);
    if (!script) throw new NotFoundError('Load-test script not found');
    const target = await findTarget(trx, upload.project.id, script.targetId);
    if (!target) throw new NotFoundError('Load-test target not found');
    const operation = await readModelRecord(trx, upload.project.id, 'operation', script.operationId);
    const read = readMeasuredResult(upload.body, { operationId: script.operationId, name: operation?.name ?? target.name });
    if (!read.ok) throw resultRefused(read.errors);
    const now = context.now();
    let runAt = upload.runAt ?? now;
    if (upload.stressRunId !== null) {
      const run = await findStressRun(trx, upload.project.id, upload.stressRunId, now, { lock: true });
      if (!run) throw new NotFoundError('Stress run not found');
      if (run.scriptId !== script.id) throw new ValidationError('Invalid query parameter', [{ field: 'stressRunId', message: 'is a run of another script' }]);
      if (run.resultId !== null) throw new ConflictError('Stress run has its result', `Stress run ${run.id} has result ${run.resultId} already.`, [{ field: 'stressRunId', message: 'has a result already' }]);
      if (run.status === 'finished') throw new ConflictError('Stress run finished', `Stress run ${run.id} was finished without a result; post this one without stressRunId.`, [{ field: 'stressRunId', message: 'is finished' }]);
      runAt = upload.runAt ?? new Date(run.startedAt);
      await markStressRunFinished(trx, run.id, now);
    }
    await insertResult(trx, {
      id,
      projectId: upload.project.id,
      targetId: target.id,
      scriptId: script.id,
      stressRunId: upload.stressRunId,
      format: read.format,
      tool: read.tool,
      runAt,
      environment: upload.environment ?? script.environment,
      measurements: read.measurements,
      raw: upload.body,
      actor: upload.actor,
      now,
    });
  });
  return (await findResult(context.db, upload.project.id, id))!;
}

export async function existingResult(db: Kysely<Database>, project: ProjectRecord, resultId: string, options: { withRaw?: boolean } = {}): Promise<LoadTestResult> {
  const result = await findResult(db, project.id, resultId, options);
  if (!result) throw new NotFoundError('Load-test result not found');
  return result;
}

/**
 * DELETE …/results/{resultId}: 204. Comparisons are computed on each read
 * and stored nowhere, so no comparison pins a result (docs/decisions.md
 * "Load tests"); a later comparison naming it answers 404.
 */
export async function removeResult(db: Kysely<Database>, project: ProjectRecord, resultId: string): Promise<void> {
  if (!(await deleteResult(db, project.id, resultId))) throw new NotFoundError('Load-test result not found');
}
