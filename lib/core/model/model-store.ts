import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { foldedNameOf } from './fold-name';
import { modelKinds, type AnyModelRecord, type ModelKind, type ModelSnapshot, type RecordOfKind } from './model-records';

type Db = Kysely<Database> | Transaction<Database>;

/** Reads a whole stream into memory, each kind by ID. */
export async function loadModelSnapshot(db: Db, streamId: string): Promise<ModelSnapshot> {
  const maps = Object.fromEntries(modelKinds.map((k) => [k, new Map<string, AnyModelRecord>()])) as Record<ModelKind, Map<string, AnyModelRecord>>;
  const rows = await db.selectFrom('model_entities').select(['kind', 'id', 'body']).where('stream_id', '=', streamId).execute();
  for (const row of rows) maps[row.kind as ModelKind].set(row.id, row.body as AnyModelRecord);
  return maps as unknown as ModelSnapshot;
}

/** The records main had when the branch was copied (kept since migration 0027; see ModelStream.baseKept). */
export async function loadBranchBase(db: Db, branchId: string): Promise<ModelSnapshot> {
  const maps = Object.fromEntries(modelKinds.map((k) => [k, new Map<string, AnyModelRecord>()])) as Record<ModelKind, Map<string, AnyModelRecord>>;
  const rows = await db.selectFrom('branch_base_entities').select(['kind', 'id', 'body']).where('branch_id', '=', branchId).execute();
  for (const row of rows) maps[row.kind as ModelKind].set(row.id, row.body as AnyModelRecord);
  return maps as unknown as ModelSnapshot;
}

/** One record of a stream, or undefined. */
export async function readModelRecord<K extends ModelKind>(db: Db, streamId: string, kind: K, id: string): Promise<RecordOfKind[K] | undefined> {
  const row = await db.selectFrom('model_entities').select('body').where('stream_id', '=', streamId).where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  return row?.body as RecordOfKind[K] | undefined;
}

/** Records written by one statement of commitModelChange. */
const commitBatchRows = 1000;

export interface ModelWrite {
  kind: ModelKind;
  record: AnyModelRecord;
  change: 'added' | 'changed';
}

export interface ModelDelete {
  kind: ModelKind;
  id: string;
}

export interface CommitInput {
  streamId: string;
  /** The version read under the stream lock (`lockStream`). */
  fromVersion: number;
  writes: readonly ModelWrite[];
  deletes: readonly ModelDelete[];
  actor: string;
  at: Date;
  summary: string;
}

/**
 * Writes one committed change: the records (bulk, one statement per
 * operation) with their folded names (name search), the stream's version + 1, and an append-only history row
 * naming who, when and which entries. Call inside the transaction that holds
 * the stream lock.
 */
export async function commitModelChange(trx: Transaction<Database>, input: CommitInput): Promise<number> {
  // In batches: one statement for the 40,000 entries of an import at the limits would build its parameters (the
  // bodies as JSON, then as an array literal, then as bytes) all at once, over 100 MB at the peak.
  for (let start = 0; start < input.writes.length; start += commitBatchRows) {
    const writes = input.writes.slice(start, start + commitBatchRows);
    await sql`
      insert into model_entities (stream_id, id, kind, body, name_folded)
      select ${input.streamId}::uuid, u.id, u.kind, u.body::jsonb, u.name_folded
      from unnest(${writes.map((w) => w.record.id)}::uuid[], ${writes.map((w) => w.kind)}::text[], ${writes.map((w) => JSON.stringify(w.record))}::text[], ${writes.map((w) => foldedNameOf(w.record))}::text[]) as u(id, kind, body, name_folded)
      on conflict (stream_id, id) do update set kind = excluded.kind, body = excluded.body, name_folded = excluded.name_folded`.execute(trx);
  }
  if (input.deletes.length > 0) {
    await trx
      .deleteFrom('model_entities')
      .where('stream_id', '=', input.streamId)
      .where('id', 'in', input.deletes.map((d) => d.id))
      .execute();
  }
  const version = input.fromVersion + 1;
  await trx.updateTable('model_streams').set({ model_version: version }).where('id', '=', input.streamId).execute();
  const entries = [...input.writes.map((w) => ({ kind: w.kind, id: w.record.id, change: w.change })), ...input.deletes.map((d) => ({ kind: d.kind, id: d.id, change: 'deleted' }))];
  await trx
    .insertInto('model_changes')
    .values({ stream_id: input.streamId, version, actor: input.actor, at: input.at, summary: input.summary, entries: JSON.stringify(entries) })
    .execute();
  return version;
}

/**
 * Of the given schema IDs, those a stream of another project holds and no
 * stream of this project does (import rule 9: such a schema is re-keyed into
 * the importing project; "an import into the owning project keeps the ID", so
 * an ID this project holds is never re-keyed, whoever else holds it too).
 */
export async function schemaIdsOwnedElsewhere(db: Db, projectId: string, ids: readonly string[]): Promise<Set<string>> {
  const guids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (guids.length === 0) return new Set();
  const rows = await db
    .selectFrom('model_entities')
    .innerJoin('model_streams', 'model_streams.id', 'model_entities.stream_id')
    .select('model_entities.id')
    .distinct()
    .where('model_entities.kind', '=', 'schema')
    .where('model_entities.id', 'in', guids)
    .where('model_streams.project_id', '<>', projectId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('model_entities as own')
            .innerJoin('model_streams as own_stream', 'own_stream.id', 'own.stream_id')
            .select('own.id')
            .whereRef('own.id', '=', 'model_entities.id')
            .where('own.kind', '=', 'schema')
            .where('own_stream.project_id', '=', projectId),
        ),
      ),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}
