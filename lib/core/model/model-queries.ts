import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ElementRecord, MessageRecord, ModelKind, RelationshipRecord } from './model-records';

type Db = Kysely<Database>;

/** Counts the summary tool reports (part 1 "get_model_summary"). */
export interface ModelSummaryCounts {
  totalElements: number;
  elementsByKind: { kind: string; count: number }[];
  elementsByFactStatus: { factStatus: string; count: number }[];
  staleElements: number;
  relationshipCount: number;
  messageCount: number;
  schemaCount: number;
}

/** Counts of a stream in two aggregate queries. */
export async function readModelSummary(db: Db, streamId: string): Promise<ModelSummaryCounts> {
  const [byKind, perKind] = await Promise.all([
    sql<{ kind: string; fact_status: string; stale: boolean; n: string }>`
      select body->>'kind' as kind, body->>'factStatus' as fact_status, (body->'stale' is not null and body->'stale' <> 'null'::jsonb) as stale, count(*) as n
      from model_entities where stream_id = ${streamId} and kind = 'element'
      group by 1, 2, 3`.execute(db),
    sql<{ kind: string; n: string }>`select kind, count(*) as n from model_entities where stream_id = ${streamId} group by kind`.execute(db),
  ]);
  const kinds = new Map<string, number>();
  const labels = new Map<string, number>();
  let stale = 0;
  let total = 0;
  for (const row of byKind.rows) {
    const n = Number(row.n);
    total += n;
    kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + n);
    labels.set(row.fact_status, (labels.get(row.fact_status) ?? 0) + n);
    if (row.stale) stale += n;
  }
  const countOf = (kind: ModelKind) => Number(perKind.rows.find((r) => r.kind === kind)?.n ?? 0);
  return {
    totalElements: total,
    elementsByKind: [...kinds].sort(([a], [b]) => (a < b ? -1 : 1)).map(([kind, count]) => ({ kind, count })),
    elementsByFactStatus: [...labels].sort(([a], [b]) => (a < b ? -1 : 1)).map(([factStatus, count]) => ({ factStatus, count })),
    staleElements: stale,
    relationshipCount: countOf('relationship'),
    messageCount: countOf('message'),
    schemaCount: countOf('schema'),
  };
}

/** Which link lists of an element to read. */
export interface LinkSelection {
  outbound?: boolean;
  inbound?: boolean;
  produced?: boolean;
  consumed?: boolean;
}

export interface ElementLinks {
  element: ElementRecord | undefined;
  /** Relationships leaving the element (`fromId`), in ID order. */
  outbound: RelationshipRecord[];
  /** Relationships entering it (`toId`). */
  inbound: RelationshipRecord[];
  /** Messages it produces. */
  produced: MessageRecord[];
  /** Messages it consumes. */
  consumed: MessageRecord[];
}

/**
 * An element and the link lists asked for, each in ID order and at most
 * `limit` long, in one statement (one round trip: the agent tools read this
 * on every get_element call). Each part uses its partial index of 0003-model.
 */
export async function readElementLinks(db: Db, streamId: string, elementId: string, which: LinkSelection, limit: number): Promise<ElementLinks> {
  const parts = [sql`(select 0 as part, id, body from model_entities where stream_id = ${streamId} and kind = 'element' and id = ${elementId})`];
  if (which.outbound) parts.push(sql`(select 1 as part, id, body from model_entities where stream_id = ${streamId} and kind = 'relationship' and body->>'fromId' = ${elementId} order by id limit ${limit})`);
  if (which.inbound) parts.push(sql`(select 2 as part, id, body from model_entities where stream_id = ${streamId} and kind = 'relationship' and body->>'toId' = ${elementId} order by id limit ${limit})`);
  if (which.produced) parts.push(sql`(select 3 as part, id, body from model_entities where stream_id = ${streamId} and kind = 'message' and body->>'producerId' = ${elementId} order by id limit ${limit})`);
  if (which.consumed) parts.push(sql`(select 4 as part, id, body from model_entities where stream_id = ${streamId} and kind = 'message' and body->'consumerIds' @> ${JSON.stringify([elementId])}::jsonb order by id limit ${limit})`);
  const rows = await sql<{ part: number; id: string; body: unknown }>`${sql.join(parts, sql` union all `)}`.execute(db);
  // UNION ALL keeps no order across parts: sort each list here.
  const sorted = rows.rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const of = <T>(part: number) => sorted.filter((r) => r.part === part).map((r) => r.body as T);
  return { element: of<ElementRecord>(0)[0], outbound: of(1), inbound: of(2), produced: of(3), consumed: of(4) };
}

/** Records of the given IDs (any kind), keyed by ID. */
export async function recordsByIds(db: Db, streamId: string, ids: readonly string[]): Promise<Map<string, unknown>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('model_entities').select(['id', 'body']).where('stream_id', '=', streamId).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.body]));
}

/** Names of elements by ID (for message producers and consumers). */
export async function elementNames(db: Db, streamId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const records = await recordsByIds(db, streamId, ids);
  return new Map([...records].map(([id, body]) => [id, (body as ElementRecord).name]));
}
