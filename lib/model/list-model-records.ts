import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AnyModelRecord, ModelKind } from './model-records';

/** Filters of element lists, as the `find_elements` tool takes them (part 1 "Agent tool endpoint"). */
export interface ElementFilters {
  /** Substring of the name, case-insensitive. */
  name?: string;
  kind?: string;
  tag?: string;
  status?: string;
}

export interface RecordPageInput {
  streamId: string;
  kind: ModelKind;
  filters: ElementFilters;
  /** The page starts after this ID (ID order, as the export). */
  afterId: string | null;
  limit: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of a stream's records of one kind in ID order, the total matching, and whether more follow. */
export async function listModelRecordPage(db: Kysely<Database>, input: RecordPageInput): Promise<{ items: AnyModelRecord[]; total: number; hasMore: boolean }> {
  let query = db.selectFrom('model_entities').where('stream_id', '=', input.streamId).where('kind', '=', input.kind);
  const { name, kind, tag, status } = input.filters;
  if (name !== undefined) query = query.where(sql<string>`body->>'name'`, 'ilike', likePattern(name));
  if (kind !== undefined) query = query.where(sql<string>`body->>'kind'`, '=', kind);
  if (status !== undefined) query = query.where(sql<string>`body->>'status'`, '=', status);
  if (tag !== undefined) query = query.where(sql<boolean>`body->'tags' ? ${tag}`, '=', true);
  const [rows, count] = await Promise.all([
    (input.afterId ? query.where('id', '>', input.afterId) : query).select(['id', 'body']).orderBy('id').limit(input.limit + 1).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.slice(0, input.limit).map((r) => r.body as AnyModelRecord), total: Number(count.n), hasMore: rows.length > input.limit };
}
