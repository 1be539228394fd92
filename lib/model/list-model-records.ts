import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AnyModelRecord, ModelKind } from './model-records';
import { referenceFieldsOf } from './model-references';

/** Filters of element lists, as the `find_elements` tool takes them (part 1 "Agent tool endpoint"). */
export interface ElementFilters {
  /** Substring of the name, case-insensitive. */
  name?: string;
  kind?: string;
  tag?: string;
  status?: string;
  /** Records whose reference fields (parent, ends, producer, consumers, owner, schemas, channels) name this ID; any kind. */
  refersTo?: string;
}

export interface RecordPageInput {
  streamId: string;
  kind: ModelKind;
  filters: ElementFilters;
  /** The page starts after this ID (ID order, as the export). */
  afterId: string | null;
  limit: number;
}

/** One page of a stream's records of one kind in ID order, the total matching, and whether more follow. */
export async function listModelRecordPage(db: Kysely<Database>, input: RecordPageInput): Promise<{ items: AnyModelRecord[]; total: number; hasMore: boolean }> {
  let query = db.selectFrom('model_entities').where('stream_id', '=', input.streamId).where('kind', '=', input.kind);
  const { name, kind, tag, status } = input.filters;
  if (kind !== undefined) query = query.where(sql<string>`body->>'kind'`, '=', kind);
  if (status !== undefined) query = query.where(sql<string>`body->>'status'`, '=', status);
  if (tag !== undefined) query = query.where(sql<boolean>`body->'tags' ? ${tag}`, '=', true);
  if (input.filters.refersTo !== undefined) {
    const id = input.filters.refersTo;
    const { scalar, list } = referenceFieldsOf[input.kind];
    const tests = [...scalar.map((field) => sql`body->>${sql.lit(field)} = ${id}`), ...list.map((field) => sql`body->${sql.lit(field)} @> ${JSON.stringify([id])}::jsonb`)];
    query = query.where(tests.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(tests, sql` or `)})`);
  }
  if (name !== undefined) {
    // "Substring, any case" in every script: PostgreSQL folds case by the database's ctype, and the
    // embedded database's is C (ASCII only: "Ü" would not match "ü"). So names are matched here.
    const needle = name.toLowerCase();
    const names = await query.select(['id', sql<string | null>`body->>'name'`.as('name')]).orderBy('id').execute();
    const matching = names.filter((row) => (row.name ?? '').toLowerCase().includes(needle)).map((row) => row.id);
    const start = input.afterId === null ? 0 : matching.findIndex((id) => id > input.afterId!);
    const pageIds = start < 0 ? [] : matching.slice(start, start + input.limit + 1);
    const bodies = pageIds.length === 0 ? [] : await db.selectFrom('model_entities').select(['id', 'body']).where('stream_id', '=', input.streamId).where('id', 'in', pageIds).orderBy('id').execute();
    return { items: bodies.slice(0, input.limit).map((r) => r.body as AnyModelRecord), total: matching.length, hasMore: pageIds.length > input.limit };
  }
  const [rows, count] = await Promise.all([
    (input.afterId ? query.where('id', '>', input.afterId) : query).select(['id', 'body']).orderBy('id').limit(input.limit + 1).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.slice(0, input.limit).map((r) => r.body as AnyModelRecord), total: Number(count.n), hasMore: rows.length > input.limit };
}
