import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
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

/** Relationships leaving (`fromId`) or entering (`toId`) an element, in ID order, at most `limit`. */
export async function relationshipsOf(db: Db, streamId: string, elementId: string, end: 'fromId' | 'toId', limit: number): Promise<RelationshipRecord[]> {
  const rows = await db
    .selectFrom('model_entities')
    .select('body')
    .where('stream_id', '=', streamId)
    .where('kind', '=', 'relationship')
    .where(sql<string>`body->>${end}`, '=', elementId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.body as RelationshipRecord);
}

/** Messages an element produces or consumes, in ID order, at most `limit`. */
export async function messagesOf(db: Db, streamId: string, elementId: string, role: 'producer' | 'consumer', limit: number): Promise<MessageRecord[]> {
  let query = db.selectFrom('model_entities').select('body').where('stream_id', '=', streamId).where('kind', '=', 'message');
  query =
    role === 'producer'
      ? query.where(sql<string>`body->>'producerId'`, '=', elementId)
      : query.where(sql<boolean>`body->'consumerIds' @> ${JSON.stringify([elementId])}::jsonb`, '=', true);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((r) => r.body as MessageRecord);
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
