import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { StressRun } from './load-test-records';

type Db = Kysely<Database> | Transaction<Database>;

interface RunRow {
  id: string;
  script_id: string;
  target_id: string;
  started_by: string;
  started_at: Date;
  expires_at: Date;
  finished_at: Date | null;
  result_id: string | null;
}

function toRun(row: RunRow, now: Date): StressRun {
  const status = row.finished_at !== null ? 'finished' : row.expires_at.getTime() <= now.getTime() ? 'expired' : 'running';
  return {
    id: row.id,
    scriptId: row.script_id,
    targetId: row.target_id,
    status,
    startedBy: row.started_by,
    startedAt: row.started_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    resultId: row.result_id,
  };
}

function runsQuery(db: Db, projectId: string) {
  return db
    .selectFrom('stress_runs as r')
    .innerJoin('load_test_scripts as s', 's.id', 'r.script_id')
    .leftJoin('load_test_results as res', 'res.stress_run_id', 'r.id')
    .select(['r.id', 'r.script_id', 's.target_id', 'r.started_by', 'r.started_at', 'r.expires_at', 'r.finished_at', 'res.id as result_id'])
    .where('r.project_id', '=', projectId);
}

export async function listStressRuns(db: Db, projectId: string, now: Date): Promise<StressRun[]> {
  const rows = await runsQuery(db, projectId).orderBy('r.started_at').orderBy('r.id').execute();
  return rows.map((row) => toRun(row, now));
}

export async function findStressRun(db: Db, projectId: string, runId: string, now: Date, options: { lock?: boolean } = {}): Promise<StressRun | undefined> {
  let query = runsQuery(db, projectId).where('r.id', '=', runId);
  if (options.lock) query = query.forUpdate('r');
  const row = await query.executeTakeFirst();
  return row ? toRun(row, now) : undefined;
}

/**
 * Serialises every start of a stress run on the instance, whatever the
 * workspace or the process: one count, held under this lock, decides.
 */
export async function lockStressRunStarts(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('svc-stress-runs'))`.execute(trx);
}

/** Runs counting against the limit now (not finished, not expired), and the earliest time one of them expires. */
export async function countRunningStressRuns(trx: Transaction<Database>, now: Date): Promise<{ count: number; nextExpiry: Date | null }> {
  const row = await trx
    .selectFrom('stress_runs')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('expires_at').as('next')])
    .where('finished_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), nextExpiry: row.next === null ? null : new Date(row.next as Date | string) };
}

export async function insertStressRun(
  trx: Transaction<Database>,
  input: { id: string; projectId: string; workspaceId: string; scriptId: string; actor: string; startedAt: Date; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('stress_runs')
    .values({ id: input.id, project_id: input.projectId, workspace_id: input.workspaceId, script_id: input.scriptId, started_by: input.actor, started_at: input.startedAt, expires_at: input.expiresAt, finished_at: null })
    .execute();
}

export async function markStressRunFinished(db: Db, runId: string, now: Date): Promise<void> {
  await db.updateTable('stress_runs').set({ finished_at: now }).where('id', '=', runId).where('finished_at', 'is', null).execute();
}
