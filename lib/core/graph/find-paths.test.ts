import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guid } from '../../../test/support/model-fixtures';
import { compareFlowEdges, flowsInMemory, type FlowEdge } from './flow-edges';
import { findPaths } from './find-paths';

/**
 * find_paths lists, from edges it reads a level at a time from both ends,
 * exactly the simple paths a brute-force walk over the whole graph finds:
 * shortest first, then in edge order, paged without loss or repeat.
 */

const nodes = Array.from({ length: 7 }, (_, i) => guid(i + 1));

function edge(via: FlowEdge['via'], id: string, fromId: string, toId: string): FlowEdge {
  return { via, id, fromId, toId, name: null, factStatus: 'declared', stale: null };
}

/** Every simple path from → to of at most maxDepth edges, over all edges, ordered as find_paths promises. */
function bruteForce(edges: readonly FlowEdge[], from: string, to: string, maxDepth: number): FlowEdge[][] {
  const found: FlowEdge[][] = [];
  const walk = (at: string, path: FlowEdge[], seen: Set<string>) => {
    if (at === to) {
      found.push(path);
      return;
    }
    if (path.length === maxDepth) return;
    for (const e of edges) if (e.fromId === at && !seen.has(e.toId)) walk(e.toId, [...path, e], new Set([...seen, e.toId]));
  };
  if (from !== to) walk(from, [], new Set([from]));
  return found.sort((a, b) => {
    if (a.length !== b.length) return a.length - b.length;
    for (let i = 0; i < a.length; i++) {
      const c = compareFlowEdges(a[i]!, b[i]!);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/** A graph of relationships and messages (a message reaches each of its consumers) over seven elements, parallel edges and cycles included. */
const graphArbitrary = fc
  .array(
    fc.oneof(
      fc.record({ from: fc.constantFrom(...nodes), to: fc.constantFrom(...nodes) }).map(({ from, to }) => [{ via: 'relationship' as const, from, to }]),
      fc.record({ from: fc.constantFrom(...nodes), to: fc.uniqueArray(fc.constantFrom(...nodes), { minLength: 1, maxLength: 3 }) }).map(({ from, to }) => to.map((t) => ({ via: 'message' as const, from, to: t }))),
    ),
    { maxLength: 16 },
  )
  .map((groups) => groups.flatMap((group, i) => group.map((g) => edge(g.via, guid(100 + i), g.from, g.to))).filter((e) => e.fromId !== e.toId));

describe('findPaths', () => {
  it('lists the simple paths a walk of the whole graph finds, shortest first, then in edge order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(graphArbitrary, fc.constantFrom(...nodes), fc.constantFrom(...nodes), fc.integer({ min: 1, max: 6 }), async (edges, from, to, maxDepth) => {
        const expected = bruteForce(edges, from, to, maxDepth);
        const found = await findPaths(flowsInMemory(edges), { fromId: from, toId: to, maxDepth, skip: 0, take: 10_000 });
        expect(found.paths).toEqual(expected);
        expect(found.shortestLength).toBe(expected[0]?.length ?? null);
        expect(found.more).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('pages: every path once, in order, with `more` on every page but the last (property)', async () => {
    await fc.assert(
      fc.asyncProperty(graphArbitrary, fc.constantFrom(...nodes), fc.constantFrom(...nodes), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 4 }), async (edges, from, to, maxDepth, take) => {
        const expected = bruteForce(edges, from, to, maxDepth);
        const pages: FlowEdge[][] = [];
        for (let skip = 0; ; skip += take) {
          const page = await findPaths(flowsInMemory(edges), { fromId: from, toId: to, maxDepth, skip, take });
          pages.push(...page.paths);
          expect(page.more).toBe(skip + take < expected.length);
          if (!page.more) break;
        }
        expect(pages).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('reads two levels a statement, one from each end, and the last level from the smaller frontier', async () => {
    // A chain 1 → 2 → 3 → 4 → 5 with a fan of two elements leaving 1; from 1 to 5 within 3 edges and within 4.
    const chain = [edge('relationship', guid(201), nodes[0]!, nodes[1]!), edge('relationship', guid(202), nodes[1]!, nodes[2]!), edge('message', guid(203), nodes[2]!, nodes[3]!), edge('relationship', guid(204), nodes[3]!, nodes[4]!)];
    const fan = [5, 6].map((n) => edge('relationship', guid(300 + n), nodes[0]!, nodes[n]!));
    const within4 = flowsInMemory([...chain, ...fan]);
    expect((await findPaths(within4, { fromId: nodes[0]!, toId: nodes[4]!, maxDepth: 4, skip: 0, take: 5 })).paths).toEqual([chain]);
    expect(within4.asked).toEqual([
      { leaving: [nodes[0]], entering: [nodes[4]] },
      { leaving: [nodes[1], nodes[5], nodes[6]].sort(), entering: [nodes[3]] },
    ]);
    const within3 = flowsInMemory([...chain, ...fan]);
    expect((await findPaths(within3, { fromId: nodes[0]!, toId: nodes[4]!, maxDepth: 3, skip: 0, take: 5 })).paths).toEqual([]);
    // After a level from each end the forward frontier holds three elements, the backward one: the last level is read backward.
    expect(within3.asked).toEqual([
      { leaving: [nodes[0]], entering: [nodes[4]] },
      { leaving: [], entering: [nodes[3]] },
    ]);
  });

  it('answers no path for an element to itself, or none within the depth', async () => {
    const loop = [edge('relationship', guid(1), nodes[0]!, nodes[1]!), edge('relationship', guid(2), nodes[1]!, nodes[0]!)];
    expect(await findPaths(flowsInMemory(loop), { fromId: nodes[0]!, toId: nodes[0]!, maxDepth: 4, skip: 0, take: 5 })).toEqual({ shortestLength: null, paths: [], more: false, cutShort: false });
    const chain = [edge('relationship', guid(1), nodes[0]!, nodes[1]!), edge('relationship', guid(2), nodes[1]!, nodes[2]!)];
    expect((await findPaths(flowsInMemory(chain), { fromId: nodes[0]!, toId: nodes[2]!, maxDepth: 1, skip: 0, take: 5 })).shortestLength).toBeNull();
    expect((await findPaths(flowsInMemory(chain), { fromId: nodes[0]!, toId: nodes[2]!, maxDepth: 2, skip: 0, take: 5 })).shortestLength).toBe(2);
  });
});
