import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { afterNameThenId } from '../../platform/db/keyset-page';
import { ConflictError, NotFoundError, TooLargeError } from '../../platform/errors/service-error';

/** Scenarios per project (part 1 "Limits"). */
export const maxScenariosPerProject = 2000;
/** Largest stored scenario document (part 1 "Limits"): 512 KiB. */
export const maxStoredScenarioBytes = 512 * 1024;

/** `origin` of a scenario: null for one a person wrote (part 1 "Scenario document"). */
export type ScenarioOrigin = { kind: 'ai-proposal'; proposalId: string; provider: string; model: string } | null;

export interface StoredScenario {
  id: string;
  name: string;
  document: Record<string, unknown>;
  origin: ScenarioOrigin;
}

/**
 * The three top-level lists as stored: a list the document left out is null (it is stored so, and a run reports
 * `malformed-scenario`), the same over HTTP and in the `get_scenario` tool.
 */
export function scenarioLists(document: Record<string, unknown>): { steps: unknown; faults: unknown; assertions: unknown } {
  return { steps: document.steps ?? null, faults: document.faults ?? null, assertions: document.assertions ?? null };
}

function assertStorable(document: Record<string, unknown>): string {
  const text = JSON.stringify(document);
  if (Buffer.byteLength(text) > maxStoredScenarioBytes) {
    throw new TooLargeError('scenario_too_large', 'Scenario too large', `A stored scenario document may be at most ${maxStoredScenarioBytes} bytes.`);
  }
  return text;
}

/** Creates a scenario; 409 when the ID is in use (also by a deleted one) or the project holds 2000. Inside a caller's transaction (an accepted AI proposal) or one of its own. */
export async function insertScenario(db: Kysely<Database> | Transaction<Database>, input: { projectId: string; id: string; name: string; document: Record<string, unknown>; origin: ScenarioOrigin; actor: string; now: Date }): Promise<StoredScenario> {
  const text = assertStorable(input.document);
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => (db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work));
  return inTransaction(async (trx) => {
    // Serialise creates per project so the count and the insert agree.
    await sql`select pg_advisory_xact_lock(hashtext('svc-scenarios:' || ${input.projectId}))`.execute(trx);
    const taken = await trx.selectFrom('scenarios').select('deleted_at').where('project_id', '=', input.projectId).where('id', '=', input.id).executeTakeFirst();
    if (taken) {
      throw new ConflictError('Scenario ID in use', taken.deleted_at ? 'A deleted scenario keeps its ID; choose another.' : 'A scenario with this ID exists.', [{ field: 'id', message: 'is in use' }]);
    }
    const count = await trx.selectFrom('scenarios').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', input.projectId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(count.n) >= maxScenariosPerProject) {
      throw new ConflictError('Too many scenarios', `A project holds at most ${maxScenariosPerProject} scenarios.`);
    }
    await trx
      .insertInto('scenarios')
      .values({
        project_id: input.projectId,
        id: input.id,
        name: input.name,
        document: text,
        origin: input.origin === null ? null : JSON.stringify(input.origin),
        created_by: input.actor,
        created_at: input.now,
        updated_at: input.now,
      })
      .execute();
    return { id: input.id, name: input.name, document: input.document, origin: input.origin };
  });
}

/**
 * Replaces a live scenario's document; 404 when there is none. Its origin stays, unless `origin` is given:
 * an accepted AI proposal that revises a scenario names itself there.
 */
export async function replaceScenario(db: Kysely<Database> | Transaction<Database>, input: { projectId: string; id: string; name: string; document: Record<string, unknown>; now: Date; origin?: ScenarioOrigin }): Promise<StoredScenario> {
  const text = assertStorable(input.document);
  const row = await db
    .updateTable('scenarios')
    .set({ name: input.name, document: text, updated_at: input.now, ...(input.origin === undefined ? {} : { origin: input.origin === null ? null : JSON.stringify(input.origin) }) })
    .where('project_id', '=', input.projectId)
    .where('id', '=', input.id)
    .where('deleted_at', 'is', null)
    .returning(['origin'])
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Scenario not found');
  return { id: input.id, name: input.name, document: input.document, origin: row.origin as ScenarioOrigin };
}

export async function findScenario(db: Kysely<Database> | Transaction<Database>, projectId: string, id: string): Promise<StoredScenario | undefined> {
  const row = await db
    .selectFrom('scenarios')
    .select(['id', 'name', 'document', 'origin'])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, document: row.document as Record<string, unknown>, origin: row.origin as ScenarioOrigin } : undefined;
}

/** Deletes a scenario; its row stays as a tombstone so the ID is never reused. */
export async function deleteScenario(db: Kysely<Database>, projectId: string, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('scenarios')
    .set({ deleted_at: now, document: null, updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One page of live scenarios in name-then-ID order. */
export async function listScenarioPage(db: Kysely<Database>, input: { projectId: string; after: { name: string; id: string } | null; limit: number }): Promise<{ items: { id: string; name: string }[]; hasMore: boolean }> {
  let query = db.selectFrom('scenarios').select(['id', 'name']).where('project_id', '=', input.projectId).where('deleted_at', 'is', null);
  if (input.after) query = query.where(afterNameThenId(input.after));
  const rows = await query.orderBy('name').orderBy('id').limit(input.limit + 1).execute();
  return { items: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}

/** The first `limit` live scenarios of a project with their documents, in name-then-ID order, and how many there are. */
export async function liveScenarios(db: Kysely<Database> | Transaction<Database>, projectId: string, limit: number): Promise<{ total: number; scenarios: StoredScenario[] }> {
  const live = db.selectFrom('scenarios').where('project_id', '=', projectId).where('deleted_at', 'is', null);
  const [count, rows] = await Promise.all([
    live.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    live.select(['id', 'name', 'document', 'origin']).orderBy('name').orderBy('id').limit(limit).execute(),
  ]);
  return { total: Number(count.n), scenarios: rows.map((r) => ({ id: r.id, name: r.name, document: r.document as Record<string, unknown>, origin: r.origin as ScenarioOrigin })) };
}
