import { sql, type Kysely } from 'kysely';
import { caseFold } from 'unicode-case-folding';

/**
 * The fold of names as it was when this migration was written (lib/core/model/fold-name.ts then):
 * full case folding, then U+0307 removed. A migration keeps its own copy so that a later change
 * of the live function never changes what this step wrote.
 */
function foldName(name: string): string {
  return caseFold(name).replace(/\u0307/g, '');
}

/** Rows folded per statement while filling the new column. */
const backfillBatch = 5000;

/**
 * Name search in the database (docs/model-document.md "Name search").
 *
 * - `model_entities.name_folded`: the record's name as `foldName` folds it (full Unicode case
 *   folding, done in JavaScript on every write), null for records without a name. Filled here
 *   for the records already stored.
 * - A pg_trgm GIN index on it serves `name_folded like '%…%'`, the substring search of
 *   `find_elements` and the element list, where the search text has rare trigrams. pg_trgm
 *   ships with PostgreSQL (contrib) and is a trusted extension: the database owner may create it.
 *   `fastupdate` stays on: an import of 40,000 entries takes about 15% longer with the index,
 *   90% longer with it off; autovacuum merges the pending entries.
 * - The stream-and-kind index carries `name_folded` (INCLUDE), so a search text too short or too
 *   common for trigrams reads one stream's names from the index alone, not the bodies, and a
 *   page in ID order stops after `limit` matches.
 * - `model_entities_name_idx` (on `lower(body->>'name')`) goes: no query reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table model_entities add column name_folded text`.execute(db);
  let after: { stream_id: string; id: string } | null = null;
  for (;;) {
    const page: { rows: { stream_id: string; id: string; name: string }[] } = await sql<{ stream_id: string; id: string; name: string }>`
      select stream_id, id, body->>'name' as name from model_entities
      where body->>'name' is not null ${after ? sql`and (stream_id, id) > (${after.stream_id}::uuid, ${after.id}::uuid)` : sql``}
      order by stream_id, id limit ${backfillBatch}`.execute(db);
    if (page.rows.length === 0) break;
    await sql`
      update model_entities set name_folded = u.folded
      from unnest(${page.rows.map((r) => r.stream_id)}::uuid[], ${page.rows.map((r) => r.id)}::uuid[], ${page.rows.map((r) => foldName(r.name))}::text[]) as u(stream_id, id, folded)
      where model_entities.stream_id = u.stream_id and model_entities.id = u.id`.execute(db);
    const last = page.rows.at(-1)!;
    after = { stream_id: last.stream_id, id: last.id };
  }
  await sql`
    create index model_entities_name_folded_idx on model_entities using gin (name_folded gin_trgm_ops);
    create index model_entities_kind_name_idx on model_entities (stream_id, kind, id) include (name_folded);
    drop index model_entities_kind_idx;
    drop index model_entities_name_idx;
  `.execute(db);
}
