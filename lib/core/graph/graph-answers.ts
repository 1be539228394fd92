/**
 * The answers of find_paths and get_impact, shared by the MCP tools and
 * their HTTP equivalents (`GET …/paths`, `GET …/impact`): each reads one
 * stream in one repeatable-read transaction, so a page names exactly the
 * model version it was read at, and pages by position within that version.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { recordsByIds } from '../model/model-queries';
import type { ElementRecord } from '../model/model-records';
import { storedFlows, type FlowEdge } from './flow-edges';
import { findPaths } from './find-paths';
import { readImpact, type ImpactTargetKind } from './impact';

/** Where the next page starts: the model version read and the position in the list. */
export interface GraphPosition {
  v: number;
  at: number;
}

/** Depth bounds of both tools (docs/agent-tools.md). */
export const graphDepth = Object.freeze({ paths: { default: 4, max: 8 }, impact: { default: 3, max: 10 } });

/** At most this many scenarios, views, promises and channels in one get_impact answer (like the link lists of get_element). */
export const impactListCap = 200;

async function readSnapshot<T>(db: Kysely<Database>, streamId: string, read: (trx: Kysely<Database>, modelVersion: number) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const stream = await trx.selectFrom('model_streams').select('model_version').where('id', '=', streamId).executeTakeFirst();
      if (!stream) throw new NotFoundError('Project not found');
      return read(trx, stream.model_version);
    });
}

/** 409 when a cursor was given for another model version: its positions no longer hold. */
function checkPosition(position: GraphPosition | null, modelVersion: number): number {
  if (position === null) return 0;
  if (position.v !== modelVersion) {
    throw new ConflictError('Model changed', `The cursor belongs to model version ${position.v}; the model is now at version ${modelVersion}. Call again without cursor.`, [
      { field: 'cursor', message: 'belongs to an earlier model version' },
    ]);
  }
  return position.at;
}

function edgeItem(edge: FlowEdge) {
  return { via: edge.via, id: edge.id, name: edge.name, fromId: edge.fromId, toId: edge.toId, factStatus: edge.factStatus, stale: edge.stale };
}

export interface PathsQuery {
  projectId: string;
  streamId: string;
  fromId: string;
  toId: string;
  maxDepth: number;
  position: GraphPosition | null;
  limit: number;
}

/**
 * A page of paths: `{fromId, toId, maxDepth, modelVersion, shortestLength,
 * paths[{length, elements[{id, name, kind}], edges[{via, id, name, fromId,
 * toId, factStatus, stale}]}]}`; `next` is where the next page starts, or
 * null. 404 when either end is not an element of the stream.
 */
export async function pathsAnswer(db: Kysely<Database>, query: PathsQuery) {
  return readSnapshot(db, query.streamId, async (trx, modelVersion) => {
    if (query.fromId === query.toId) throw new ValidationError('Invalid arguments', [{ field: 'toId', message: 'must name another element than fromId' }]);
    const skip = checkPosition(query.position, modelVersion);
    const endRows = await trx.selectFrom('model_entities').select(['id', 'body']).where('stream_id', '=', query.streamId).where('kind', '=', 'element').where('id', 'in', [query.fromId, query.toId]).execute();
    const ends = new Map<string, unknown>(endRows.map((row) => [row.id, row.body]));
    for (const [field, id] of [['fromId', query.fromId], ['toId', query.toId]] as const) {
      if (!ends.has(id)) throw new NotFoundError('Element not found', `No element ${id} (${field}) in the model.`);
    }
    const found = await findPaths(storedFlows(trx, query.streamId), { fromId: query.fromId, toId: query.toId, maxDepth: query.maxDepth, skip, take: query.limit });
    const elementIds = new Set(found.paths.flatMap((path) => path.map((edge) => edge.toId)));
    const records = await recordsByIds(trx, query.streamId, [...elementIds].filter((id) => !ends.has(id)));
    for (const [id, record] of ends) records.set(id, record);
    const element = (id: string) => {
      const record = records.get(id) as ElementRecord | undefined;
      return { id, name: record?.name ?? null, kind: record?.kind ?? null };
    };
    const paths = found.paths.map((path) => ({ length: path.length, elements: [element(query.fromId), ...path.map((edge) => element(edge.toId))], edges: path.map(edgeItem) }));
    return {
      data: { fromId: query.fromId, toId: query.toId, maxDepth: query.maxDepth, modelVersion, shortestLength: found.shortestLength, paths },
      next: found.more ? { v: modelVersion, at: skip + query.limit } : null,
      notice: found.cutShort ? 'The listing stopped after trying 200000 edges: more paths may exist beyond the ones given. Ask with a smaller maxDepth, or between elements nearer each other.' : undefined,
    };
  });
}

export interface ImpactQuery {
  projectId: string;
  streamId: string;
  kind: ImpactTargetKind;
  id: string;
  maxDepth: number;
  position: GraphPosition | null;
  limit: number;
}

/**
 * A page of the impact: `{target, maxDepth, modelVersion, counts{elements,
 * channels, scenarios, views, promises}, elements[] (this page), channels[],
 * scenarios[], views[], promises[]}`; the lists but `elements` hold at most
 * 200 items each (a notice names any cut), and come with every page.
 */
export async function impactAnswer(db: Kysely<Database>, query: ImpactQuery) {
  return readSnapshot(db, query.streamId, async (trx, modelVersion) => {
    const skip = checkPosition(query.position, modelVersion);
    const impact = await readImpact(trx, { projectId: query.projectId, streamId: query.streamId, kind: query.kind, id: query.id, maxDepth: query.maxDepth });
    const cut: string[] = [];
    const capped = <T>(name: string, list: T[]) => {
      if (list.length > impactListCap) cut.push(name);
      return list.slice(0, impactListCap);
    };
    const data = {
      target: impact.target,
      maxDepth: query.maxDepth,
      modelVersion,
      counts: { elements: impact.elements.length, channels: impact.channels.length, scenarios: impact.scenarios.length, views: impact.views.length, promises: impact.promises.length },
      elements: impact.elements.slice(skip, skip + query.limit),
      channels: capped('channels', impact.channels),
      scenarios: capped('scenarios', impact.scenarios),
      views: capped('views', impact.views),
      promises: capped('promises', impact.promises),
    };
    return {
      data,
      next: skip + query.limit < impact.elements.length ? { v: modelVersion, at: skip + query.limit } : null,
      notice: cut.length === 0 ? undefined : `${cut.join(', ')} hold more than ${impactListCap} items; the first ${impactListCap} are shown (counts gives every total). Ask with a smaller maxDepth for a narrower answer.`,
    };
  });
}
