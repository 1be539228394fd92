import type { LoadTestResult } from '../../../contracts/load-tests';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LoadTestResultsTable } from '../../platform/db/schema';
import type { Measurements, ResultFormat } from './measured-result';

type Db = Kysely<Database> | Transaction<Database>;

/** A measured result as the API answers it (contracts/load-tests.ts); `raw` only when one result is read. */
export type { LoadTestResult } from '../../../contracts/load-tests';

function toResult(row: Omit<Selectable<LoadTestResultsTable>, 'raw'> & { raw?: string }): LoadTestResult {
  const format = row.format as ResultFormat;
  return {
    id: row.id,
    targetId: row.target_id,
    scriptId: row.script_id,
    stressRunId: row.stress_run_id,
    format,
    truth: 'measured',
    provenance: { tool: row.tool, runAt: row.run_at.toISOString(), environment: row.environment, source: `load-test:${format}`, uploadedBy: row.created_by, uploadedAt: row.created_at.toISOString() },
    measurements: row.measurements as Measurements,
    ...(row.raw === undefined ? {} : { raw: JSON.parse(row.raw) as unknown }),
  };
}

const summaryColumns = ['id', 'project_id', 'target_id', 'script_id', 'stress_run_id', 'format', 'tool', 'run_at', 'environment', 'measurements', 'created_by', 'created_at'] as const;

export async function listResults(db: Db, projectId: string): Promise<LoadTestResult[]> {
  const rows = await db.selectFrom('load_test_results').select(summaryColumns).where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toResult);
}

export async function findResult(db: Db, projectId: string, resultId: string, options: { withRaw?: boolean } = {}): Promise<LoadTestResult | undefined> {
  const query = db.selectFrom('load_test_results').where('project_id', '=', projectId).where('id', '=', resultId);
  const row = options.withRaw ? await query.selectAll().executeTakeFirst() : await query.select(summaryColumns).executeTakeFirst();
  return row ? toResult(row) : undefined;
}

export interface NewResult {
  id: string;
  projectId: string;
  targetId: string;
  scriptId: string;
  stressRunId: string | null;
  format: ResultFormat;
  tool: string;
  runAt: Date;
  environment: string | null;
  measurements: Measurements;
  raw: unknown;
  actor: string;
  now: Date;
}

export async function insertResult(db: Db, input: NewResult): Promise<void> {
  await db
    .insertInto('load_test_results')
    .values({
      id: input.id,
      project_id: input.projectId,
      target_id: input.targetId,
      script_id: input.scriptId,
      stress_run_id: input.stressRunId,
      format: input.format,
      tool: input.tool,
      run_at: input.runAt,
      environment: input.environment,
      measurements: JSON.stringify(input.measurements),
      raw: JSON.stringify(input.raw),
      created_by: input.actor,
      created_at: input.now,
    })
    .execute();
}

export async function deleteResult(db: Db, projectId: string, resultId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('load_test_results').where('project_id', '=', projectId).where('id', '=', resultId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
