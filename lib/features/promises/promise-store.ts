/**
 * Every SQL statement about promises, their revisions and runs. Callers that
 * change a promise hold its row lock (`lockPromise`) for the transaction.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PromiseRevisionsTable, PromiseRunsTable, PromisesTable } from '../../platform/db/schema';
import type { Obligation, PromiseLink, PromiseOrigin, PromiseRecord, PromiseRevision, PromiseRun } from './promise-records';

type Db = Kysely<Database> | Transaction<Database>;

export type PromiseRow = Selectable<PromisesTable>;

function toRevision(row: Selectable<PromiseRevisionsTable>): PromiseRevision {
  return {
    revision: row.revision,
    status: row.status,
    title: row.title,
    text: row.text,
    links: row.links as PromiseLink[],
    obligations: row.obligations as Obligation[],
    contentHash: row.content_hash,
    lastChangedBy: row.last_changed_by,
    lastChangedAt: row.last_changed_at.toISOString(),
    approvedBy: row.approved_by,
    approvedAt: row.approved_at?.toISOString() ?? null,
  };
}

function toRun(row: Selectable<PromiseRunsTable>): PromiseRun {
  return {
    id: row.id,
    seq: String(row.seq),
    promiseId: row.promise_id,
    obligationId: row.obligation_id,
    promiseRevision: row.promise_revision,
    result: row.result,
    scope: row.scope,
    environment: row.environment,
    modelRevision: row.model_revision,
    commitSha: row.commit_sha,
    evidence: row.evidence as unknown[],
    limitations: row.limitations as string[],
    detail: row.detail,
    inputs: row.inputs as Record<string, unknown>,
    assertions: row.assertions as PromiseRun['assertions'],
    draft: row.draft,
    startedBy: row.started_by,
    actor: row.actor,
    at: row.at.toISOString(),
  };
}

/** Promise rows with their draft and in-force revisions and latest revision number, in the rows' order. */
async function withRevisions(db: Db, rows: readonly PromiseRow[]): Promise<PromiseRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [revisions, latest] = await Promise.all([
    db.selectFrom('promise_revisions').selectAll().where('promise_id', 'in', ids).where('status', 'in', ['draft', 'in-force']).execute(),
    db.selectFrom('promise_revisions').select(['promise_id', (eb) => eb.fn.max('revision').as('latest')]).where('promise_id', 'in', ids).groupBy('promise_id').execute(),
  ]);
  const latestOf = new Map(latest.map((r) => [r.promise_id, Number(r.latest)]));
  return rows.map((row) => {
    const own = revisions.filter((r) => r.promise_id === row.id);
    const inForce = own.find((r) => r.status === 'in-force');
    const draft = own.find((r) => r.status === 'draft');
    return {
      id: row.id,
      projectId: row.project_id,
      requirementNumber: row.requirement_number,
      origin: row.origin,
      createdBy: row.created_by,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      latestRevision: latestOf.get(row.id) ?? 0,
      inForce: inForce ? toRevision(inForce) : null,
      draft: draft ? toRevision(draft) : null,
    };
  });
}

/** One promise of a project, or undefined. */
export async function findPromise(db: Db, projectId: string, promiseId: string): Promise<PromiseRecord | undefined> {
  const row = await db.selectFrom('promises').selectAll().where('project_id', '=', projectId).where('id', '=', promiseId).executeTakeFirst();
  return row ? (await withRevisions(db, [row]))[0] : undefined;
}

/** One page of a project's promises in requirement-number order, after `afterNumber`. */
export async function listPromisePage(db: Db, input: { projectId: string; afterNumber: number | null; limit: number }): Promise<{ items: PromiseRecord[]; hasMore: boolean }> {
  let query = db.selectFrom('promises').selectAll().where('project_id', '=', input.projectId);
  if (input.afterNumber !== null) query = query.where('requirement_number', '>', input.afterNumber);
  const rows = await query.orderBy('requirement_number').limit(input.limit + 1).execute();
  return { items: await withRevisions(db, rows.slice(0, input.limit)), hasMore: rows.length > input.limit };
}

/** Locks a promise row for the rest of the transaction: changes to one promise go one at a time. */
export async function lockPromise(trx: Transaction<Database>, projectId: string, promiseId: string): Promise<PromiseRow | undefined> {
  return trx.selectFrom('promises').selectAll().where('project_id', '=', projectId).where('id', '=', promiseId).forUpdate().executeTakeFirst();
}

/**
 * The next requirement number of a project and how many promises it has,
 * under a per-project advisory lock held until the transaction ends.
 */
export async function claimRequirementNumber(trx: Transaction<Database>, projectId: string): Promise<{ next: number; count: number }> {
  await sql`select pg_advisory_xact_lock(hashtext('svc-promises:' || ${projectId}))`.execute(trx);
  const row = await trx
    .selectFrom('promises')
    .select((eb) => [eb.fn.max('requirement_number').as('top'), eb.fn.countAll<string>().as('n')])
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { next: Number(row.top ?? 0) + 1, count: Number(row.n) };
}

export async function insertPromiseRow(
  trx: Transaction<Database>,
  input: { id: string; projectId: string; requirementNumber: number; origin: PromiseOrigin; nextObligationNumber: number; actor: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('promises')
    .values({
      id: input.id,
      project_id: input.projectId,
      requirement_number: input.requirementNumber,
      origin: input.origin,
      next_obligation_number: input.nextObligationNumber,
      created_by: input.actor,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
}

/** Whether a promise ID is taken in any project (IDs are global keys). */
export async function promiseIdTaken(trx: Transaction<Database>, promiseId: string): Promise<boolean> {
  return (await trx.selectFrom('promises').select('id').where('id', '=', promiseId).executeTakeFirst()) !== undefined;
}

/** Writes a revision row (a new draft), or replaces the content of the draft with that number. */
export async function upsertDraftRevision(trx: Transaction<Database>, promiseId: string, revision: PromiseRevision): Promise<void> {
  const values = {
    title: revision.title,
    text: revision.text,
    links: JSON.stringify(revision.links),
    obligations: JSON.stringify(revision.obligations),
    content_hash: revision.contentHash,
    last_changed_by: revision.lastChangedBy,
    last_changed_at: revision.lastChangedAt,
  };
  await trx
    .insertInto('promise_revisions')
    .values({ promise_id: promiseId, revision: revision.revision, status: 'draft', ...values })
    .onConflict((oc) => oc.columns(['promise_id', 'revision']).doUpdateSet(values))
    .execute();
}

/** Puts the draft revision in force; the former in-force revision becomes superseded. */
export async function approveDraftRevision(trx: Transaction<Database>, promiseId: string, draftRevision: number, actor: string, now: Date): Promise<void> {
  await trx.updateTable('promise_revisions').set({ status: 'superseded' }).where('promise_id', '=', promiseId).where('status', '=', 'in-force').execute();
  await trx
    .updateTable('promise_revisions')
    .set({ status: 'in-force', approved_by: actor, approved_at: now })
    .where('promise_id', '=', promiseId)
    .where('revision', '=', draftRevision)
    .where('status', '=', 'draft')
    .execute();
}

/**
 * Marks a promise changed, stores the next free obligation number, and keeps
 * the given obligations (latest form) among those the promise ever had.
 */
export async function touchPromise(trx: Transaction<Database>, promiseId: string, now: Date, nextObligationNumber: number, obligations: readonly Obligation[] = []): Promise<void> {
  const row = await trx.selectFrom('promises').select('known_obligations').where('id', '=', promiseId).executeTakeFirstOrThrow();
  const known = new Map((row.known_obligations as Obligation[]).map((o) => [o.id, o]));
  for (const o of obligations) known.set(o.id, o);
  await trx
    .updateTable('promises')
    .set({ updated_at: now, next_obligation_number: nextObligationNumber, known_obligations: JSON.stringify([...known.values()]) })
    .where('id', '=', promiseId)
    .execute();
}

/** Every obligation the promise ever had, in its latest form (to keep IDs and keys when a draft names them again). */
export async function obligationsEverHeld(db: Db, promiseId: string): Promise<Obligation[]> {
  const row = await db.selectFrom('promises').select('known_obligations').where('id', '=', promiseId).executeTakeFirst();
  return (row?.known_obligations as Obligation[] | undefined) ?? [];
}

export type NewPromiseRun = Omit<PromiseRun, 'seq' | 'at'> & { at: Date };

/** Appends a run; runs are never changed afterwards. */
export async function insertPromiseRun(db: Db, run: NewPromiseRun): Promise<PromiseRun> {
  const row = await db
    .insertInto('promise_runs')
    .values({
      id: run.id,
      promise_id: run.promiseId,
      obligation_id: run.obligationId,
      promise_revision: run.promiseRevision,
      result: run.result,
      scope: run.scope,
      environment: run.environment,
      model_revision: run.modelRevision,
      commit_sha: run.commitSha,
      evidence: JSON.stringify(run.evidence),
      limitations: JSON.stringify(run.limitations),
      detail: run.detail,
      inputs: JSON.stringify(run.inputs),
      assertions: JSON.stringify(run.assertions),
      draft: run.draft,
      started_by: run.startedBy,
      actor: run.actor,
      at: run.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRun(row);
}

/** The latest run per obligation, revision and draft flag of each promise: what evidence status reads. */
export async function latestRunsOf(db: Db, promiseIds: readonly string[]): Promise<PromiseRun[]> {
  if (promiseIds.length === 0) return [];
  const rows = await db
    .selectFrom('promise_runs')
    .selectAll()
    .distinctOn(['promise_id', 'obligation_id', 'promise_revision', 'draft'])
    .where('promise_id', 'in', promiseIds)
    .orderBy('promise_id')
    .orderBy('obligation_id')
    .orderBy('promise_revision')
    .orderBy('draft')
    .orderBy('seq', 'desc')
    .execute();
  return rows.map(toRun);
}

/** One page of a promise's runs, newest first, optionally of one obligation, before `beforeSeq`. */
export async function listPromiseRunPage(db: Db, input: { promiseId: string; obligationId: string | null; beforeSeq: string | null; limit: number }): Promise<{ items: PromiseRun[]; hasMore: boolean }> {
  let query = db.selectFrom('promise_runs').selectAll().where('promise_id', '=', input.promiseId);
  if (input.obligationId !== null) query = query.where('obligation_id', '=', input.obligationId);
  if (input.beforeSeq !== null) query = query.where('seq', '<', input.beforeSeq as never);
  const rows = await query.orderBy('seq', 'desc').limit(input.limit + 1).execute();
  return { items: rows.slice(0, input.limit).map(toRun), hasMore: rows.length > input.limit };
}

/** Of the given IDs, the elements the stream holds. */
export async function existingElementIds(db: Db, streamId: string, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db.selectFrom('model_entities').select('id').where('stream_id', '=', streamId).where('kind', '=', 'element').where('id', 'in', unique).execute();
  return new Set(rows.map((r) => r.id));
}
