import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Referrer } from './model-index';
import type { ModelKind } from './model-records';
import { referringFieldsOf } from './model-references';
import { PartialModel, type LoadedNeighbourhood, type Neighbourhood, type StoredRow } from './partial-model';

type Db = Kysely<Database> | Transaction<Database>;

// Stored IDs are lowercase GUIDs (record-schemas normalises them): only such text can name a stored record,
// and only such text may be cast to uuid.
const storedIdPattern = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const storedId = new RegExp(storedIdPattern);

interface Row extends StoredRow {
  /** Which part of the neighbourhood the row answers: `id`, `parent`, `r<i>:<field>` (referrer of referrersOf[i]) or `b<i>` (binding like bindingsLike[i]). */
  via: string;
}

/**
 * Reads a neighbourhood of a stream in one statement, through the primary key
 * and the reference indexes (migrations 0003 and 0015): the records by ID, the
 * parent chain, the referrers and the bindings asked for. Its cost follows the
 * size of the neighbourhood, not of the model.
 *
 * @example
 * const before = await loadNeighbourhood(trx, streamId, neighbourhoodOfRecord('element', record));
 * checkRecord('element', record, overlayModel(before, [{ kind: 'element', record }]), { streamId, before });
 */
export async function loadNeighbourhood(db: Db, streamId: string, wanted: Neighbourhood): Promise<PartialModel> {
  const parts: RawBuilder<unknown>[] = [];
  const ids = [...new Set(wanted.ids)].filter((id) => storedId.test(id));
  if (ids.length > 0) parts.push(sql`select id, kind, body, 'id' as via from model_entities where stream_id = ${streamId} and id = any(${ids}::uuid[])`);
  const walk = wanted.ancestors !== null && storedId.test(wanted.ancestors.from) ? wanted.ancestors : null;
  if (walk !== null) parts.push(sql`select id, kind, body, 'parent' as via from chain`);
  wanted.referrersOf.forEach(({ kind, id }, i) => {
    for (const { kind: from, field, list } of referringFieldsOf[kind]) {
      const via = sql.lit(`r${i}:${field}`);
      // A list field is found through its keys "<stream>:<id>" (migration 0015), which already name the stream.
      const matches = list
        ? sql`model_list_references(stream_id, body->${sql.lit(field)}) @> array[${streamId}::text || ':' || ${id}::text]`
        : sql`stream_id = ${streamId} and body->>${sql.lit(field)} = ${id}::text`;
      parts.push(sql`select id, kind, body, ${via} as via from model_entities where kind = ${sql.lit(from)} and ${matches}`);
    }
  });
  wanted.bindingsLike.forEach((like, i) => {
    parts.push(
      sql`select id, kind, body, ${sql.lit(`b${i}`)} as via from model_entities where stream_id = ${streamId} and kind = 'binding' and body->>'sourceChannelId' = ${like.sourceChannelId}::text and body->>'targetChannelId' = ${like.targetChannelId}::text`,
    );
  });

  let rows: Row[] = [];
  if (parts.length > 0) {
    // The chain walks up by parentId from `from`, not past `stopAt`, and not round a loop (path).
    const chain =
      walk === null
        ? sql``
        : sql`with recursive chain (id, kind, body, path) as (
            select id, kind, body, array[id] from model_entities where stream_id = ${streamId} and id = ${walk.from}::uuid
            union all
            select e.id, e.kind, e.body, c.path || e.id
            from chain c cross join lateral (
              -- offset 0 keeps this a look-up by primary key per step, whatever the statistics say (right after an import they say little);
              -- the case casts only text that is a stored ID.
              select id, kind, body from model_entities
              where stream_id = ${streamId} and id = case when c.body->>'parentId' ~ ${storedIdPattern} then (c.body->>'parentId')::uuid end
              offset 0
            ) e
            where c.kind = 'element' and c.id is distinct from ${storedId.test(walk.stopAt) ? walk.stopAt : null}::uuid and not e.id = any(c.path)
          ) `;
    rows = (await sql<Row>`${chain}${sql.join(parts, sql` union all `)}`.execute(db)).rows;
  }
  return new PartialModel(gather(wanted, rows));
}

/** Sorts the rows of the statement into what PartialModel takes. */
function gather(wanted: Neighbourhood, rows: readonly Row[]): LoadedNeighbourhood {
  const lookedUp = new Set(wanted.ids);
  const { ancestors } = wanted;
  if (ancestors !== null) {
    lookedUp.add(ancestors.from);
    // The walk reads each parent of an element it passes, so each is known: found, or absent.
    for (const row of rows) {
      const parentId = (row.body as { parentId?: unknown }).parentId;
      if (row.via === 'parent' && row.kind === 'element' && row.id !== ancestors.stopAt && typeof parentId === 'string') lookedUp.add(parentId);
    }
  }
  const referrers = wanted.referrersOf.map(({ kind, id }, i) => {
    const found: Referrer[] = [];
    for (const row of rows) {
      if (!row.via.startsWith(`r${i}:`)) continue;
      found.push({ kind: row.kind as ModelKind, id: row.id, field: row.via.slice(`r${i}:`.length) });
    }
    return { kind, id, found };
  });
  const bindings = wanted.bindingsLike.map((like, i) => ({ like, ids: rows.filter((row) => row.via === `b${i}`).map((row) => row.id) }));
  return { rows, lookedUp, referrers, bindings };
}
