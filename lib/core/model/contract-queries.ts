import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { AnyModelRecord, ModelKind } from './model-records';

/** The kinds `get_contracts` lists, in the order of its answer (part 1 "MCP tools"). */
export const contractKinds = ['operations', 'channels', 'subscriptions', 'bindings', 'messages', 'schemas'] as const;
export type ContractKind = (typeof contractKinds)[number];

const recordKindOf: Record<ContractKind, ModelKind> = {
  operations: 'operation',
  channels: 'channel',
  subscriptions: 'subscription',
  bindings: 'binding',
  messages: 'message',
  schemas: 'schema',
};

/** One kind's page: the records after `afterId` in ID order, at most `limit`, the total and whether more follow. */
export interface ContractPage {
  total: number;
  items: AnyModelRecord[];
  hasMore: boolean;
}

/**
 * Which records of a kind are contracts of the element, as a condition on the row `e`: the
 * operations it owns, its subscriptions, the channels of those (channel or dead-letter channel)
 * and the bindings at either end of one, the messages it produces or consumes, and the schemas
 * those operations and messages use.
 */
function touching(kind: ContractKind, streamId: string, elementId: string): RawBuilder<boolean> {
  const rows = (k: ModelKind) => sql`from model_entities s where s.stream_id = ${streamId} and s.kind = ${k}`;
  const subscriptionsOf = sql`${rows('subscription')} and s.body->>'consumerId' = ${elementId}`;
  const channelIds = sql`select v.id from (select s.body->>'channelId' as id ${subscriptionsOf} union all select s.body->>'deadLetterChannelId' ${subscriptionsOf}) as v where v.id is not null`;
  const ownsOperation = sql`s.body->>'ownerId' = ${elementId}`;
  const usesMessage = sql`(s.body->>'producerId' = ${elementId} or s.body->'consumerIds' @> ${JSON.stringify([elementId])}::jsonb)`;
  switch (kind) {
    case 'operations':
      return sql`e.body->>'ownerId' = ${elementId}`;
    case 'subscriptions':
      return sql`e.body->>'consumerId' = ${elementId}`;
    case 'messages':
      return sql`(e.body->>'producerId' = ${elementId} or e.body->'consumerIds' @> ${JSON.stringify([elementId])}::jsonb)`;
    case 'channels':
      return sql`e.id in (select c.id::uuid from (${channelIds}) as c)`;
    case 'bindings':
      return sql`(e.body->>'sourceChannelId' in (${channelIds}) or e.body->>'targetChannelId' in (${channelIds}))`;
    case 'schemas':
      return sql`e.id in (select v.id::uuid from (
        select s.body->>'requestSchemaId' as id ${rows('operation')} and ${ownsOperation}
        union all select s.body->>'responseSchemaId' ${rows('operation')} and ${ownsOperation}
        union all select s.body->>'schemaId' ${rows('message')} and ${usesMessage}) as v where v.id is not null)`;
  }
}

/**
 * Pages of the contracts of a stream, or of those touching one element, one page per kind asked
 * for, each with its total: one statement, each kind read from its own rows (never the whole
 * model).
 */
export async function readContractPages(
  db: Kysely<Database>,
  streamId: string,
  elementId: string | null,
  requests: readonly { kind: ContractKind; afterId: string | null }[],
  limit: number,
): Promise<Map<ContractKind, ContractPage>> {
  const parts = requests.map(({ kind, afterId }, part) => {
    const where = sql`e.stream_id = ${streamId} and e.kind = ${recordKindOf[kind]} and ${elementId === null ? sql`true` : touching(kind, streamId, elementId)}`;
    return sql`(select ${sql.lit(part)} as part, c.n as total, p.id, p.body
      from (select count(*) as n from model_entities e where ${where}) as c
      left join lateral (select e.id, e.body from model_entities e where ${where} ${afterId === null ? sql`` : sql`and e.id > ${afterId}`} order by e.id limit ${limit + 1}) as p on true)`;
  });
  const result = await sql<{ part: number; total: string; id: string | null; body: unknown }>`${sql.join(parts, sql` union all `)}`.execute(db);
  // UNION ALL keeps no order across parts: sort each page here.
  const rows = result.rows.sort((a, b) => (a.id === b.id ? 0 : a.id === null ? -1 : b.id === null ? 1 : a.id < b.id ? -1 : 1));
  const pages = new Map<ContractKind, ContractPage>();
  requests.forEach(({ kind }, part) => {
    const own = rows.filter((r) => r.part === part);
    const found = own.filter((r) => r.id !== null);
    pages.set(kind, { total: Number(own[0]?.total ?? 0), items: found.slice(0, limit).map((r) => r.body as AnyModelRecord), hasMore: found.length > limit });
  });
  return pages;
}
