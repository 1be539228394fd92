import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ElementOutline, ViewSlice } from '../../core/render/view-contents';
import type { AnyModelRecord, ElementRecord, ModelKind, ModelSnapshot, RecordOfKind, RelationshipRecord } from '../../core/model/model-records';

type Db = Kysely<Database> | Transaction<Database>;

interface ElementRow {
  id: string;
  name: string;
  parent_id: string | null;
  /** Only for the elements on the view's level and its root. */
  body: ElementRecord | null;
}

/**
 * What one view draws of a stream, in one statement per record kind: every
 * element in outline (ID, name, parent) with the whole record of the root and
 * of the elements whose parent is the root (the top-level ones without a
 * root), then the relationships between those elements (all of them when
 * the view shows most of the model) and how many the stream holds. Nothing
 * else of the model is read.
 */
export async function readViewSlice(db: Db, streamId: string, rootElementId: string | null): Promise<ViewSlice> {
  const onLevel = rootElementId === null ? sql<boolean>`body->'parentId' = 'null'::jsonb` : sql<boolean>`(body->>'parentId' = ${rootElementId} or body->>'id' = ${rootElementId})`;
  const elementRows = await sql<ElementRow>`
    select body->>'id' as id, body->>'name' as name, body->>'parentId' as parent_id, case when ${onLevel} then body end as body
    from model_entities where stream_id = ${streamId} and kind = 'element'`.execute(db);
  const outline: ElementOutline[] = [];
  const elements = new Map<string, ElementRecord>();
  const candidates: string[] = [];
  for (const row of elementRows.rows) {
    outline.push({ id: row.id, name: row.name, parentId: row.parent_id });
    if (row.body === null) continue;
    elements.set(row.id, row.body);
    if (row.id !== rootElementId) candidates.push(row.id);
  }
  // A view of most of the model reads every relationship (the filter would cost more than it saves, and the rows give
  // the count); a smaller one only those between its elements, by the indexes on their ends, with the count beside.
  if (candidates.length * 2 >= outline.length) {
    const rows = await db.selectFrom('model_entities').select('body').where('stream_id', '=', streamId).where('kind', '=', 'relationship').execute();
    return { outline, elementCount: outline.length, elements, relationships: rows.map((row) => row.body as RelationshipRecord), relationshipCount: rows.length };
  }
  // One row even when no relationship qualifies: it carries the count.
  const relationshipRows = await sql<{ total: number; body: RelationshipRecord | null }>`
    select t.total, r.body
    from (select count(*)::int as total from model_entities where stream_id = ${streamId} and kind = 'relationship') as t
    left join model_entities r on r.stream_id = ${streamId} and r.kind = 'relationship'
      and r.body->>'fromId' = any(${candidates}::text[]) and r.body->>'toId' = any(${candidates}::text[])`.execute(db);
  const relationships: RelationshipRecord[] = [];
  for (const row of relationshipRows.rows) if (row.body !== null) relationships.push(row.body);
  return { outline, elementCount: outline.length, elements, relationships, relationshipCount: relationshipRows.rows[0]?.total ?? 0 };
}

/** The records of some kinds of a stream (one statement), each kind by ID; the other kinds are empty. */
export async function readModelKinds<K extends ModelKind>(db: Db, streamId: string, kinds: readonly K[]): Promise<Pick<ModelSnapshot, K>> {
  const maps = Object.fromEntries(kinds.map((kind) => [kind, new Map<string, AnyModelRecord>()])) as Record<K, Map<string, AnyModelRecord>>;
  const rows = await db.selectFrom('model_entities').select(['kind', 'id', 'body']).where('stream_id', '=', streamId).where('kind', 'in', kinds).execute();
  for (const row of rows) maps[row.kind as K].set(row.id, row.body as RecordOfKind[K]);
  return maps as unknown as Pick<ModelSnapshot, K>;
}

/** Rows a page of the model export reads at a time. */
export const exportPageRows = 2000;

/**
 * The records of one kind of a stream in ID order, a page at a time (keyset:
 * each page starts after the last ID of the one before), so that a large model
 * is never all in memory at once. Run inside one repeatable-read transaction
 * for a consistent model.
 */
export async function* readRecordPages(db: Db, streamId: string, kind: ModelKind, pageRows: number = exportPageRows): AsyncGenerator<AnyModelRecord[]> {
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom('model_entities').select(['id', 'body']).where('stream_id', '=', streamId).where('kind', '=', kind);
    if (after !== null) query = query.where('id', '>', after);
    const rows = await query.orderBy('id').limit(pageRows).execute();
    if (rows.length > 0) yield rows.map((row) => row.body as AnyModelRecord);
    if (rows.length < pageRows) return;
    after = rows[rows.length - 1]!.id;
  }
}
