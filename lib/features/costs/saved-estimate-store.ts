import type { SavedEstimate as SavedEstimateAnswer, SavedEstimateSummary as SavedEstimateSummaryAnswer } from '../../../contracts/costs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ConflictError } from '../../platform/errors/service-error';
import { costLimits, type CostLine } from './cost-sheet';
import type { CurrencyTotal } from './estimate-engine';
import type { Estimate } from './estimate';

/**
 * Estimates kept as they were computed (docs/costs.md "Saved estimates"): the stored figures are
 * never computed again, so a later price or sheet change leaves them as they are. A saved
 * estimate belongs to the project and names its line; it outlives the branch it was made on.
 */

/** A saved estimate and its summary as the API answers them (contracts/costs.ts). */
export type SavedEstimate = SavedEstimateAnswer;
export type SavedEstimateSummary = SavedEstimateSummaryAnswer;

const branchOfLine = (line: string) => (line === 'main' ? null : line);

export async function insertSavedEstimate(
  db: Kysely<Database>,
  input: { id: string; line: CostLine; name: string | null; estimate: Estimate; actor: string; now: Date },
): Promise<SavedEstimate> {
  return db.transaction().execute(async (trx) => {
    // Serialise saves per project so the count and the insert agree.
    await sql`select pg_advisory_xact_lock(hashtext('svc-saved-estimates:' || ${input.line.projectId}))`.execute(trx);
    const count = await trx.selectFrom('saved_estimates').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', input.line.projectId).executeTakeFirstOrThrow();
    if (Number(count.n) >= costLimits.savedEstimatesPerProject) {
      throw new ConflictError('Too many saved estimates', `A project keeps at most ${costLimits.savedEstimatesPerProject} saved estimates; delete one first.`);
    }
    await trx
      .insertInto('saved_estimates')
      .values({
        id: input.id,
        project_id: input.line.projectId,
        stream_id: input.line.streamId,
        line: input.estimate.line,
        name: input.name,
        as_of: input.estimate.asOf,
        estimate: JSON.stringify(input.estimate),
        created_by: input.actor,
        created_at: input.now,
      })
      .execute();
    return {
      id: input.id,
      projectId: input.line.projectId,
      line: input.estimate.line,
      branchId: branchOfLine(input.estimate.line),
      name: input.name,
      asOf: input.estimate.asOf,
      createdBy: input.actor,
      createdAt: input.now.toISOString(),
      estimate: input.estimate,
    };
  });
}

/** The saved estimates of a project, newest first; with `line`, only those of that line. */
export async function listSavedEstimates(db: Kysely<Database>, projectId: string, line: string | null): Promise<SavedEstimateSummary[]> {
  let query = db
    .selectFrom('saved_estimates')
    .select([
      'id',
      'line',
      'name',
      'as_of',
      'created_by',
      'created_at',
      sql<number>`(estimate->>'sheetVersion')::int`.as('sheet_version'),
      sql<number>`(estimate->>'modelVersion')::int`.as('model_version'),
      sql<CurrencyTotal[]>`estimate->'totals'`.as('totals'),
      sql<number>`jsonb_array_length(estimate->'unpriced')`.as('unpriced_count'),
      sql<number>`(estimate->>'staleCount')::int`.as('stale_count'),
    ])
    .where('project_id', '=', projectId);
  if (line !== null) query = query.where('line', '=', line);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    line: row.line,
    branchId: branchOfLine(row.line),
    name: row.name,
    asOf: row.as_of,
    sheetVersion: row.sheet_version,
    modelVersion: row.model_version,
    totals: row.totals,
    unpricedCount: row.unpriced_count,
    staleCount: row.stale_count,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  }));
}

/** One saved estimate of the project (of `line` when given), or undefined. */
export async function findSavedEstimate(db: Kysely<Database>, projectId: string, id: string, line: string | null): Promise<SavedEstimate | undefined> {
  let query = db.selectFrom('saved_estimates').selectAll().where('project_id', '=', projectId).where('id', '=', id);
  if (line !== null) query = query.where('line', '=', line);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    projectId: row.project_id,
    line: row.line,
    branchId: branchOfLine(row.line),
    name: row.name,
    asOf: row.as_of,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    estimate: row.estimate as Estimate,
  };
}

export async function deleteSavedEstimate(db: Kysely<Database>, projectId: string, id: string, line: string | null): Promise<boolean> {
  let query = db.deleteFrom('saved_estimates').where('project_id', '=', projectId).where('id', '=', id);
  if (line !== null) query = query.where('line', '=', line);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
