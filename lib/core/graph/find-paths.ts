/**
 * The paths between two elements over relationships and message flows
 * (docs/agent-tools.md "find_paths"): simple paths (no element twice), at
 * most `maxDepth` edges, shortest first, paths of one length in the order of
 * their edges (compareFlowEdges), paged by position.
 *
 * The model is read a level at a time from both ends (a breadth-first search
 * from `fromId` along edges leaving, one from `toId` along edges entering,
 * both frontiers in one statement), until the two depths add up to
 * `maxDepth`. Every edge of a path of at most `maxDepth` edges is then known:
 * for an edge u → v on such a path, dist(from, u) + 1 + dist(v, to) ≤
 * maxDepth, so either u lies within the forward depth (its edges leaving were
 * read) or v within the backward depth (its edges entering were read). The
 * paths are then listed from those edges in memory.
 */
import { compareFlowEdges, type FlowEdge, type FlowLookup } from './flow-edges';

export interface PathSearch {
  fromId: string;
  toId: string;
  maxDepth: number;
  /** Paths to pass over (the page's position). */
  skip: number;
  /** Paths to give. */
  take: number;
}

export interface FoundPaths {
  /** Edges of the shortest path, null when there is none within maxDepth. */
  shortestLength: number | null;
  paths: FlowEdge[][];
  /** More paths follow the ones given. */
  more: boolean;
  /** The listing stopped at its step budget: paths may exist past the ones given that were not looked at. */
  cutShort: boolean;
}

/** Steps the listing may take (each step tries one edge); a model with that many dead ends is answered as far as it got. */
export const pathStepBudget = 200_000;

const edgeKey = (e: FlowEdge) => `${e.via} ${e.id} ${e.fromId} ${e.toId}`;

/**
 * Reads the edges every path of at most maxDepth edges can use, from both
 * ends: each statement grows both frontiers by a level while two levels are
 * left to read, else the smaller one.
 */
async function edgesBetween(lookup: FlowLookup, fromId: string, toId: string, maxDepth: number): Promise<FlowEdge[]> {
  const edges = new Map<string, FlowEdge>();
  const seenForward = new Set([fromId]);
  const seenBackward = new Set([toId]);
  let forward = [fromId];
  let backward = [toId];
  let depth = 0;
  const grow = (found: readonly FlowEdge[], side: 'forward' | 'backward'): string[] => {
    const next: string[] = [];
    const seen = side === 'forward' ? seenForward : seenBackward;
    for (const edge of found) {
      if (edge.fromId === edge.toId) continue;
      edges.set(edgeKey(edge), edge);
      const reached = side === 'forward' ? edge.toId : edge.fromId;
      if (!seen.has(reached)) {
        seen.add(reached);
        next.push(reached);
      }
    }
    return next.sort();
  };
  // An empty frontier means every element on that side has been read: every edge a path can use is known.
  while (depth < maxDepth && forward.length > 0 && backward.length > 0) {
    const both = maxDepth - depth >= 2;
    const goForward = both || forward.length <= backward.length;
    const goBackward = both || !goForward;
    const found = await lookup.around(goForward ? forward : [], goBackward ? backward : []);
    if (goForward) forward = grow(found.leaving, 'forward');
    if (goBackward) backward = grow(found.entering, 'backward');
    depth += both ? 2 : 1;
  }
  return [...edges.values()];
}

/**
 * The page of paths from `fromId` to `toId`.
 *
 * @example
 * const found = await findPaths(storedFlows(db, streamId), { fromId, toId, maxDepth: 4, skip: 0, take: 20 });
 */
export async function findPaths(lookup: FlowLookup, search: PathSearch): Promise<FoundPaths> {
  const { fromId, toId, maxDepth } = search;
  const edges = await edgesBetween(lookup, fromId, toId, maxDepth);
  const leaving = new Map<string, FlowEdge[]>();
  const entering = new Map<string, FlowEdge[]>();
  const add = (map: Map<string, FlowEdge[]>, key: string, edge: FlowEdge) => {
    const list = map.get(key);
    if (list) list.push(edge);
    else map.set(key, [edge]);
  };
  for (const edge of edges) {
    add(leaving, edge.fromId, edge);
    add(entering, edge.toId, edge);
  }
  for (const list of leaving.values()) list.sort(compareFlowEdges);

  // Distance to `toId` over the known edges (exact for every element a path within maxDepth passes).
  const toTarget = new Map([[toId, 0]]);
  let level = [toId];
  for (let d = 1; d <= maxDepth && level.length > 0; d++) {
    const next: string[] = [];
    for (const id of level) {
      for (const edge of entering.get(id) ?? []) {
        if (!toTarget.has(edge.fromId)) {
          toTarget.set(edge.fromId, d);
          next.push(edge.fromId);
        }
      }
    }
    level = next;
  }
  const shortest = toTarget.get(fromId);
  if (shortest === undefined || fromId === toId) return { shortestLength: null, paths: [], more: false, cutShort: false };

  const paths: FlowEdge[][] = [];
  const wanted = search.skip + search.take + 1;
  let listed = 0;
  let steps = 0;
  let cutShort = false;
  const onPath = new Set([fromId]);
  const path: FlowEdge[] = [];
  // Paths of exactly `remaining` more edges from `at`, in edge order; false once enough are listed or the budget is spent.
  const walk = (at: string, remaining: number): boolean => {
    if (at === toId) {
      if (remaining !== 0) return true;
      if (listed >= search.skip) paths.push([...path]);
      listed++;
      return listed < wanted;
    }
    for (const edge of leaving.get(at) ?? []) {
      if (++steps > pathStepBudget) {
        cutShort = true;
        return false;
      }
      const distance = toTarget.get(edge.toId);
      if (distance === undefined || distance > remaining - 1 || onPath.has(edge.toId)) continue;
      onPath.add(edge.toId);
      path.push(edge);
      const goOn = walk(edge.toId, remaining - 1);
      path.pop();
      onPath.delete(edge.toId);
      if (!goOn) return false;
    }
    return true;
  };
  for (let length = shortest; length <= maxDepth; length++) if (!walk(fromId, length)) break;
  const more = paths.length > search.take;
  return { shortestLength: shortest, paths: paths.slice(0, search.take), more, cutShort };
}
