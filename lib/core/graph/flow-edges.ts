/**
 * The flow between elements that find_paths walks: a relationship goes from
 * its `fromId` to its `toId`, a message from its producer to each consumer.
 * Read a level at a time by index (migrations 0003 and 0015: `fromId`,
 * `toId`, `producerId`, and the stream-keyed `consumerIds`), never the whole
 * model: the cost of a look-up follows the size of the frontier.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FactStatus, StaleMark } from '../model/model-records';

type Db = Kysely<Database> | Transaction<Database>;

/** One step of a path: a relationship, or a message from its producer to one consumer. */
export interface FlowEdge {
  via: 'relationship' | 'message';
  /** The relationship or message ID. */
  id: string;
  fromId: string;
  toId: string;
  /** The relationship's label or the message's name. */
  name: string | null;
  factStatus: FactStatus;
  stale: StaleMark | null;
}

/** The flow edges leaving one set of elements and entering another, read together (one statement). */
export interface FlowLookup {
  around(leavingIds: readonly string[], enteringIds: readonly string[]): Promise<{ leaving: FlowEdge[]; entering: FlowEdge[] }>;
}

/** The order edges are tried in, and paths of one length are listed in: by record ID, then by the element they lead to. */
export function compareFlowEdges(a: FlowEdge, b: FlowEdge): number {
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return a.toId < b.toId ? -1 : a.toId > b.toId ? 1 : a.fromId < b.fromId ? -1 : a.fromId > b.fromId ? 1 : 0;
}

interface EdgeRow {
  via: 'relationship' | 'message';
  id: string;
  from_id: string;
  to_id: string;
  name: string | null;
  fact_status: FactStatus;
  stale: StaleMark | null;
}

const toEdge = (row: EdgeRow): FlowEdge => ({ via: row.via, id: row.id, fromId: row.from_id, toId: row.to_id, name: row.name, factStatus: row.fact_status, stale: row.stale ?? null });

// A record without a factStatus (none is written without one) reads as declared.
const factOf = (alias: string) => sql.raw(`coalesce(${alias}.body->>'factStatus', 'declared') as fact_status, nullif(${alias}.body->'stale', 'null'::jsonb) as stale`);

interface TaggedRow extends EdgeRow {
  side: 'leaving' | 'entering';
}

/** The flow edges of a stream, looked up by index: relationships by `fromId`/`toId`, messages by `producerId` and their stream-keyed `consumerIds`. */
export function storedFlows(db: Db, streamId: string): FlowLookup {
  return {
    async around(leavingIds, enteringIds) {
      if (leavingIds.length === 0 && enteringIds.length === 0) return { leaving: [], entering: [] };
      const out = [...leavingIds];
      const into = [...enteringIds];
      // consumerIds is found through its keys "<stream>:<id>" (migration 0015), which name the stream themselves.
      const keys = into.map((id) => `${streamId}:${id}`);
      const rows = await sql<TaggedRow>`
        select 'leaving' as side, 'relationship' as via, r.id, r.body->>'fromId' as from_id, r.body->>'toId' as to_id, r.body->>'label' as name, ${factOf('r')}
        from model_entities r where r.stream_id = ${streamId} and r.kind = 'relationship' and r.body->>'fromId' = any(${out}::text[])
        union all
        select 'leaving', 'message', m.id, m.body->>'producerId', c.consumer, m.body->>'name', ${factOf('m')}
        from model_entities m cross join lateral jsonb_array_elements_text(m.body->'consumerIds') as c(consumer)
        where m.stream_id = ${streamId} and m.kind = 'message' and m.body->>'producerId' = any(${out}::text[])
        union all
        select 'entering', 'relationship', r.id, r.body->>'fromId', r.body->>'toId', r.body->>'label', ${factOf('r')}
        from model_entities r where r.stream_id = ${streamId} and r.kind = 'relationship' and r.body->>'toId' = any(${into}::text[])
        union all
        select 'entering', 'message', m.id, m.body->>'producerId', c.consumer, m.body->>'name', ${factOf('m')}
        from model_entities m cross join lateral jsonb_array_elements_text(m.body->'consumerIds') as c(consumer)
        where m.kind = 'message' and model_list_references(m.stream_id, m.body->'consumerIds') && ${keys}::text[] and c.consumer = any(${into}::text[])`.execute(db);
      return { leaving: rows.rows.filter((r) => r.side === 'leaving').map(toEdge), entering: rows.rows.filter((r) => r.side === 'entering').map(toEdge) };
    },
  };
}

/** The same look-up over edges held in memory (the tests' reference); `asked` records each call. */
export function flowsInMemory(edges: readonly FlowEdge[]): FlowLookup & { asked: { leaving: string[]; entering: string[] }[] } {
  const asked: { leaving: string[]; entering: string[] }[] = [];
  return {
    asked,
    async around(leavingIds, enteringIds) {
      asked.push({ leaving: [...leavingIds], entering: [...enteringIds] });
      const out = new Set(leavingIds);
      const into = new Set(enteringIds);
      return { leaving: edges.filter((e) => out.has(e.fromId)), entering: edges.filter((e) => into.has(e.toId)) };
    },
  };
}
