/**
 * What depends on a record, transitively (docs/agent-tools.md "get_impact"):
 * the elements (and channels) a change to an element, operation, channel or
 * schema can reach, the scenarios that use any of them, the views that show
 * them and the promises that cite them.
 *
 * Dependence follows the declared model backwards, one level a statement, by
 * index: an element depends on the elements its relationships lead to and on
 * the producers of the messages it consumes; a consumer on the channel it
 * subscribes to (or dead-letters to); a channel on the channel bound to it;
 * an operation's owner on the operation; a message's producer and consumers,
 * and an operation's owner, on its schema. Scenarios, views and promises are
 * read once, for the whole set reached.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors/service-error';
import type { ElementKind, FactStatus, StaleMark } from '../model/model-records';

type Db = Kysely<Database> | Transaction<Database>;

export const impactTargetKinds = ['element', 'operation', 'channel', 'schema'] as const;
export type ImpactTargetKind = (typeof impactTargetKinds)[number];

/** How a dependent was reached: through which record, from which element, channel, operation or schema. */
export interface ImpactVia {
  kind: 'relationship' | 'message' | 'subscription' | 'dead-letter' | 'binding' | 'operation';
  id: string;
  /** The relationship's label, the message's or operation's name, the binding's routing key; null for a subscription. */
  name: string | null;
  /** What the dependent depends on through this record: the previous element or channel of the walk, or the target. */
  fromId: string;
}

export interface ImpactNode {
  id: string;
  kind: ElementKind | 'channel';
  name: string;
  /** Steps from the target (1 for what depends on it directly). */
  depth: number;
  via: ImpactVia;
  factStatus: FactStatus;
  stale: StaleMark | null;
}

interface WalkNode extends ImpactNode {
  parentId: string | null;
}

export interface ImpactTarget {
  kind: ImpactTargetKind;
  id: string;
  name: string;
}

export interface ImpactUse {
  id: string;
  name: string;
  /** Why it is listed, in words. */
  reason: string;
  /** The record of the walk it names, shows or cites that is nearest the target. */
  recordId: string;
}

export interface Impact {
  target: ImpactTarget;
  /** Elements, nearest first (then by name and ID). */
  elements: ImpactNode[];
  channels: ImpactNode[];
  scenarios: ImpactUse[];
  views: ImpactUse[];
  promises: (ImpactUse & { requirementNumber: number })[];
}

interface LevelRow {
  via_kind: ImpactVia['kind'];
  via_id: string;
  via_name: string | null;
  from_id: string;
  node_id: string;
  node: { kind?: string; name?: string; parentId?: string | null; factStatus?: FactStatus; stale?: StaleMark | null } | null;
  node_kind: string;
}

const viaOrder: Readonly<Record<ImpactVia['kind'], number>> = { operation: 0, relationship: 1, message: 2, subscription: 3, 'dead-letter': 4, binding: 5 };
const storedIdPattern = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * One level of the walk: what depends on the elements and channels of the
 * frontier, each with the record it depends through and its own record, in
 * one statement; each part by its index (0003, 0015).
 */
async function dependentsOf(db: Db, streamId: string, elements: readonly string[], channels: readonly string[]): Promise<LevelRow[]> {
  const e = [...elements];
  const c = [...channels];
  const rows = await sql<LevelRow>`
    with hits (via_kind, via_id, via_name, from_id, node_id, node_kind) as (
      select 'relationship', r.id, r.body->>'label', r.body->>'toId', r.body->>'fromId', 'element'
      from model_entities r where r.stream_id = ${streamId} and r.kind = 'relationship' and r.body->>'toId' = any(${e}::text[])
      union all
      select 'message', m.id, m.body->>'name', m.body->>'producerId', x.consumer, 'element'
      from model_entities m cross join lateral jsonb_array_elements_text(m.body->'consumerIds') as x(consumer)
      where m.stream_id = ${streamId} and m.kind = 'message' and m.body->>'producerId' = any(${e}::text[])
      union all
      select 'subscription', s.id, null, s.body->>'channelId', s.body->>'consumerId', 'element'
      from model_entities s where s.stream_id = ${streamId} and s.kind = 'subscription' and s.body->>'channelId' = any(${c}::text[])
      union all
      select 'dead-letter', s.id, null, s.body->>'deadLetterChannelId', s.body->>'consumerId', 'element'
      from model_entities s where s.stream_id = ${streamId} and s.kind = 'subscription' and s.body->>'deadLetterChannelId' = any(${c}::text[])
      union all
      select 'binding', b.id, b.body->>'routingKey', b.body->>'sourceChannelId', b.body->>'targetChannelId', 'channel'
      from model_entities b where b.stream_id = ${streamId} and b.kind = 'binding' and b.body->>'sourceChannelId' = any(${c}::text[])
    )
    ${nodeRecords(streamId)}`.execute(db);
  return rows.rows;
}

/**
 * Each hit with its dependent's record, looked up by primary key one row at
 * a time (offset 0 keeps the planner from hashing every record of the stream
 * instead, which it prefers when it overestimates the hits); the case casts
 * only text that is a stored ID.
 */
function nodeRecords(streamId: string) {
  return sql`
    select h.*, n.body as node
    from hits h
    left join lateral (
      select body from model_entities
      where stream_id = ${streamId} and kind = h.node_kind and id = case when h.node_id ~ ${storedIdPattern} then h.node_id::uuid end
      offset 0
    ) n on true`;
}

/** A record of the stream by kind and ID, or 404 naming it. */
async function recordOf(db: Db, streamId: string, kind: ImpactTargetKind, id: string): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('model_entities').select('body').where('stream_id', '=', streamId).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(`${kind[0]!.toUpperCase()}${kind.slice(1)} not found`, `No ${kind} ${id} in the model.`);
  return row.body as Record<string, unknown>;
}

function nodeOf(row: LevelRow, depth: number): WalkNode | null {
  // A reference to a record the model does not hold (the model rules prevent it) reaches nothing.
  if (!row.node) return null;
  return {
    id: row.node_id,
    kind: row.node_kind === 'channel' ? 'channel' : ((row.node.kind ?? 'system') as ElementKind),
    name: row.node.name ?? '',
    depth,
    via: { kind: row.via_kind, id: row.via_id, name: row.via_name, fromId: row.from_id },
    factStatus: row.node.factStatus ?? 'declared',
    stale: row.node.stale ?? null,
    parentId: row.node_kind === 'channel' ? null : (row.node.parentId ?? null),
  };
}

/** Rows in the order that decides which record a dependent is reached through: the nearest kind, then by ID. */
function compareRows(a: LevelRow, b: LevelRow): number {
  if (a.node_id !== b.node_id) return a.node_id < b.node_id ? -1 : 1;
  if (a.via_kind !== b.via_kind) return viaOrder[a.via_kind] - viaOrder[b.via_kind];
  if (a.via_id !== b.via_id) return a.via_id < b.via_id ? -1 : 1;
  return a.from_id < b.from_id ? -1 : a.from_id > b.from_id ? 1 : 0;
}

/** The depth-1 dependents of a schema: producers and consumers of its messages, owners of its operations. */
async function schemaDependents(db: Db, streamId: string, schemaId: string): Promise<LevelRow[]> {
  const rows = await sql<LevelRow>`
    with hits (via_kind, via_id, via_name, from_id, node_id, node_kind) as (
      select 'message', m.id, m.body->>'name', ${schemaId}::text, p.element, 'element'
      from model_entities m cross join lateral (
        select m.body->>'producerId' as element union all select jsonb_array_elements_text(m.body->'consumerIds')
      ) as p
      where m.stream_id = ${streamId} and m.kind = 'message' and m.body->>'schemaId' = ${schemaId}::text
      union all
      select 'operation', o.id, o.body->>'name', ${schemaId}::text, o.body->>'ownerId', 'element'
      from model_entities o where o.stream_id = ${streamId} and o.kind = 'operation' and o.body->>'requestSchemaId' = ${schemaId}::text
      union all
      select 'operation', o.id, o.body->>'name', ${schemaId}::text, o.body->>'ownerId', 'element'
      from model_entities o where o.stream_id = ${streamId} and o.kind = 'operation' and o.body->>'responseSchemaId' = ${schemaId}::text
    )
    ${nodeRecords(streamId)}`.execute(db);
  return rows.rows;
}

/** The walk: every element and channel within maxDepth steps of the target, each at its least depth, reached through the first record in compareRows order. */
async function walk(db: Db, streamId: string, kind: ImpactTargetKind, id: string, maxDepth: number): Promise<{ target: ImpactTarget; record: Record<string, unknown>; nodes: WalkNode[] }> {
  const record = await recordOf(db, streamId, kind, id);
  const target: ImpactTarget = { kind, id, name: String(record.name ?? '') };
  const reached = new Map<string, WalkNode>();
  const visit = (rows: LevelRow[], depth: number): WalkNode[] => {
    const fresh: WalkNode[] = [];
    for (const row of [...rows].sort(compareRows)) {
      if (row.node_id === id || reached.has(row.node_id)) continue;
      const node = nodeOf(row, depth);
      if (!node) continue;
      reached.set(node.id, node);
      fresh.push(node);
    }
    return fresh;
  };
  let frontier: { elements: string[]; channels: string[] };
  let depth: number;
  switch (kind) {
    case 'element':
      frontier = { elements: [id], channels: [] };
      depth = 0;
      break;
    case 'channel':
      frontier = { elements: [], channels: [id] };
      depth = 0;
      break;
    case 'operation': {
      const ownerId = String(record.ownerId);
      const owner = await db.selectFrom('model_entities').select('body').where('stream_id', '=', streamId).where('kind', '=', 'element').where('id', '=', ownerId).executeTakeFirst();
      const row: LevelRow = { via_kind: 'operation', via_id: id, via_name: target.name, from_id: id, node_id: ownerId, node_kind: 'element', node: (owner?.body as LevelRow['node']) ?? null };
      frontier = split(maxDepth >= 1 ? visit([row], 1) : []);
      depth = 1;
      break;
    }
    case 'schema':
      frontier = split(maxDepth >= 1 ? visit(await schemaDependents(db, streamId, id), 1) : []);
      depth = 1;
      break;
  }
  while (depth < maxDepth && frontier.elements.length + frontier.channels.length > 0) {
    depth++;
    frontier = split(visit(await dependentsOf(db, streamId, frontier.elements, frontier.channels), depth));
  }
  return { target, record, nodes: [...reached.values()] };
}

function split(nodes: readonly WalkNode[]): { elements: string[]; channels: string[] } {
  return { elements: nodes.filter((n) => n.kind !== 'channel').map((n) => n.id), channels: nodes.filter((n) => n.kind === 'channel').map((n) => n.id) };
}

function compareNodes(a: ImpactNode, b: ImpactNode): number {
  if (a.depth !== b.depth) return a.depth - b.depth;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A record scenarios and promises may name, with its depth and how to say it. */
interface Named {
  depth: number;
  words: string;
}

const guidPattern = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** What the one statement after the walk reads: the further records scenarios may name, and the project's scenarios, views and promises that touch the walk. */
interface UsesRow {
  extra: { kind: string; id: string; name: string | null; elementId: string | null }[];
  scenarios: { id: string; name: string; hits: string[] }[];
  views: { id: string; name: string; rootElementId: string | null }[];
  promises: { id: string; requirementNumber: number; title: string; cites: string }[];
}

/**
 * In one statement: the records through which scenarios and promises reach
 * the walk besides its elements and channels (the operations and the
 * subscriptions of the target, when an element, and of every element
 * reached: a call names an operation, a handler its subscription; a channel
 * target's subscriptions and bindings; a schema's messages and operations),
 * each by its index; the live scenarios whose documents hold any of those
 * IDs or the walk's (in any case; the project's scenarios are read, there
 * being no index of their contents); the views rooted at an element of the
 * walk, at one's parent, or without root when one is at the top; and the
 * in-force and draft promise revisions with the text of their links and
 * obligations.
 */
async function readUses(db: Db, input: { projectId: string; streamId: string; target: ImpactTarget; givenIds: string[]; elementIds: string[]; roots: string[]; topLevel: boolean }): Promise<UsesRow> {
  const { projectId, streamId, target } = input;
  const channelIds = target.kind === 'channel' ? [target.id] : [];
  const schemaIds = target.kind === 'schema' ? [target.id] : [];
  const rows = await sql<UsesRow>`
    with extra (kind, id, name, element_id) as (
      select 'operation', id, body->>'name', body->>'ownerId' from model_entities
      where stream_id = ${streamId} and kind = 'operation' and body->>'ownerId' = any(${input.elementIds}::text[])
      union all
      select 'subscription', id, null, body->>'consumerId' from model_entities
      where stream_id = ${streamId} and kind = 'subscription' and body->>'consumerId' = any(${input.elementIds}::text[])
      union all
      select 'subscription', id, null, null from model_entities
      where stream_id = ${streamId} and kind = 'subscription' and (body->>'channelId' = any(${channelIds}::text[]) or body->>'deadLetterChannelId' = any(${channelIds}::text[]))
      union all
      select 'binding', id, body->>'routingKey', null from model_entities
      where stream_id = ${streamId} and kind = 'binding' and (body->>'sourceChannelId' = any(${channelIds}::text[]) or body->>'targetChannelId' = any(${channelIds}::text[]))
      union all
      select 'message', id, body->>'name', null from model_entities where stream_id = ${streamId} and kind = 'message' and body->>'schemaId' = any(${schemaIds}::text[])
      union all
      select 'operation', id, body->>'name', null from model_entities
      where stream_id = ${streamId} and kind = 'operation' and (body->>'requestSchemaId' = any(${schemaIds}::text[]) or body->>'responseSchemaId' = any(${schemaIds}::text[]))
    ),
    ids (id) as (select unnest(${input.givenIds}::text[]) union select id::text from extra),
    hits as (
      select s.id, s.name, array_agg(distinct lower(m.found[1]) order by lower(m.found[1])) as hits
      from scenarios s cross join lateral regexp_matches(s.document::text, ${guidPattern}, 'g') as m(found)
      where s.project_id = ${projectId} and s.deleted_at is null and lower(m.found[1]) in (select id from ids)
      group by s.id, s.name
    )
    select
      coalesce((select json_agg(json_build_object('kind', kind, 'id', id, 'name', name, 'elementId', element_id)) from extra), '[]') as extra,
      coalesce((select json_agg(json_build_object('id', id, 'name', name, 'hits', hits) order by name, id) from hits), '[]') as scenarios,
      coalesce((
        select json_agg(json_build_object('id', v.id, 'name', v.name, 'rootElementId', v.root_element_id) order by v.name, v.id) from views v
        where v.project_id = ${projectId} and (v.root_element_id = any(${input.roots}::uuid[]) or (${input.topLevel}::boolean and v.root_element_id is null))
      ), '[]') as views,
      coalesce((
        select json_agg(json_build_object('id', p.id, 'requirementNumber', p.requirement_number, 'title', r.title, 'cites', r.links::text || ' ' || r.obligations::text)
          order by p.requirement_number, r.status desc)
        from promises p join promise_revisions r on r.promise_id = p.id
        where p.project_id = ${projectId} and r.status in ('in-force', 'draft')
      ), '[]') as promises`.execute(db);
  return rows.rows[0]!;
}

/** The nearest of the named records a list of IDs holds. */
function nearest(named: ReadonlyMap<string, Named>, ids: Iterable<string>): { id: string; named: Named } | null {
  let best: { id: string; named: Named } | null = null;
  for (const id of ids) {
    const found = named.get(id);
    if (found && (!best || found.depth < best.named.depth || (found.depth === best.named.depth && id < best.id))) best = { id, named: found };
  }
  return best;
}

type Shown = ReadonlyMap<string, { depth: number; name: string; parentId: string | null }>;

/** A view shows an element of the walk as a card at its level (part 1: without root the top level, with a root its children) or as the frame of a view rooted at it. */
function viewUses(views: UsesRow['views'], shown: Shown): ImpactUse[] {
  const uses: ImpactUse[] = [];
  for (const view of views) {
    let best: { id: string; depth: number; name: string; frame: boolean } | null = null;
    for (const [id, element] of shown) {
      const frame = view.rootElementId === id;
      const card = view.rootElementId === null ? element.parentId === null : element.parentId === view.rootElementId;
      if (!frame && !card) continue;
      if (!best || element.depth < best.depth || (element.depth === best.depth && id < best.id)) best = { id, depth: element.depth, name: element.name, frame };
    }
    if (best) uses.push({ id: view.id, name: view.name, recordId: best.id, reason: `it shows ${JSON.stringify(best.name)}${best.frame ? ' as its frame' : ''}` });
  }
  return uses;
}

/** A promise cites the walk when its links or obligations name a named record, or a scenario that uses one; its revision in force first. */
function promiseUses(promises: UsesRow['promises'], named: ReadonlyMap<string, Named>, scenarios: readonly ImpactUse[]): Impact['promises'] {
  const scenarioById = new Map(scenarios.map((s) => [s.id, s]));
  const uses: Impact['promises'] = [];
  const seen = new Set<string>();
  const guid = new RegExp(guidPattern, 'g');
  for (const row of promises) {
    if (seen.has(row.id)) continue;
    const ids = [...row.cites.matchAll(guid)].map((m) => m[0].toLowerCase());
    const record = nearest(named, ids);
    const scenario = ids.map((id) => scenarioById.get(id)).find((s) => s !== undefined);
    if (!record && !scenario) continue;
    seen.add(row.id);
    const reason = record ? `it cites ${record.named.words}` : `it cites the scenario ${JSON.stringify(scenario!.name)}, which ${scenario!.reason.replace(/^it /, '')}`;
    uses.push({ id: row.id, requirementNumber: row.requirementNumber, name: row.title, reason, recordId: record ? record.id : scenario!.id });
  }
  return uses;
}

/**
 * The impact of a record of a stream, within maxDepth steps. 404 when the
 * stream holds no such record. Statements: the record, one per level of the
 * walk, and one for what uses the walk.
 *
 * @example
 * const impact = await readImpact(trx, { projectId, streamId: projectId, kind: 'schema', id, maxDepth: 3 });
 */
export async function readImpact(db: Db, input: { projectId: string; streamId: string; kind: ImpactTargetKind; id: string; maxDepth: number }): Promise<Impact> {
  const { target, record, nodes } = await walk(db, input.streamId, input.kind, input.id, input.maxDepth);
  // An element is said by its own kind ("the app"), as the elements of the walk are.
  const named = new Map<string, Named>();
  const name = (id: string, depth: number, words: string) => {
    const known = named.get(id);
    if (!known || known.depth > depth) named.set(id, { depth, words });
  };
  name(target.id, 0, `the ${target.kind === 'element' ? String(record.kind) : target.kind} ${JSON.stringify(target.name)}`);
  for (const node of nodes) name(node.id, node.depth, `the ${node.kind === 'channel' ? 'channel' : node.kind} ${JSON.stringify(node.name)}`);

  const shown = new Map(nodes.filter((n) => n.kind !== 'channel').map((n) => [n.id, { depth: n.depth, name: n.name, parentId: n.parentId }]));
  if (target.kind === 'element') shown.set(target.id, { depth: 0, name: target.name, parentId: (record.parentId as string | null) ?? null });
  const roots = new Set<string>();
  for (const [id, element] of shown) {
    roots.add(id);
    if (element.parentId !== null) roots.add(element.parentId);
  }
  const uses = await readUses(db, {
    projectId: input.projectId,
    streamId: input.streamId,
    target,
    givenIds: [...named.keys()],
    elementIds: [...shown.keys()],
    roots: [...roots],
    topLevel: [...shown.values()].some((element) => element.parentId === null),
  });
  const depthOf = new Map([...shown].map(([id, element]) => [id, element.depth]));
  for (const row of uses.extra) name(row.id, row.elementId === null ? 0 : (depthOf.get(row.elementId) ?? 0), row.name === null ? `the ${row.kind} ${row.id}` : `the ${row.kind} ${JSON.stringify(row.name)}`);

  const scenarios = uses.scenarios.flatMap((row) => {
    const found = nearest(named, row.hits);
    return found ? [{ id: row.id, name: row.name, recordId: found.id, reason: `it names ${found.named.words}` }] : [];
  });
  const strip = ({ parentId: _, ...node }: WalkNode): ImpactNode => node;
  return {
    target,
    elements: nodes.filter((n) => n.kind !== 'channel').map(strip).sort(compareNodes),
    channels: nodes.filter((n) => n.kind === 'channel').map(strip).sort(compareNodes),
    scenarios,
    views: viewUses(uses.views, shown),
    promises: promiseUses(uses.promises, named, scenarios),
  };
}
