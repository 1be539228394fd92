import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { foldName } from './fold-name';
import type { AnyModelRecord, ModelKind } from './model-records';
import { referenceFieldsOf } from './model-references';

/** Filters of element lists, as the `find_elements` tool takes them (part 1 "Agent tool endpoint"). */
export interface ElementFilters {
  /** Substring of the name, case-insensitive (both folded by `foldName`). */
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

/** A LIKE pattern matching text that contains `text`: its `%`, `_` and backslash are escaped with a backslash, LIKE's default escape character. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
  // Substring in any case and any script: both sides folded alike (`foldName`), the stored side
  // when the record was written; the pattern escapes LIKE's wildcards, so user text is plain text.
  // A name holding U+0000 matches nothing (no stored text can hold it) and PostgreSQL refuses it as a parameter.
  if (name?.includes('\u0000')) query = query.where(sql<boolean>`false`);
  else if (name !== undefined) query = query.where('name_folded', 'like', containsPattern(foldName(name)));
  // The total and the page in one statement: one round trip, one connection of the pool.
  const count = query.select((eb) => eb.fn.countAll<string>().as('n'));
  const page = (input.afterId ? query.where('id', '>', input.afterId) : query).select(['id', 'body']).orderBy('id').limit(input.limit + 1);
  const result = await sql<{ total: string; id: string | null; body: unknown }>`select c.n as total, p.id, p.body from (${count}) as c left join lateral (${page}) as p on true order by p.id`.execute(db);
  const rows = result.rows.filter((r) => r.id !== null);
  return { items: rows.slice(0, input.limit).map((r) => r.body as AnyModelRecord), total: Number(result.rows[0]?.total ?? 0), hasMore: rows.length > input.limit };
}
