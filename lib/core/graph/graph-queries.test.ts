import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import type { AnyModelRecord, BindingRecord, ElementRecord, MessageRecord, ModelKind, RelationshipRecord, SubscriptionRecord } from '../model/model-records';
import { binding, channel, element, guid, message, operation, relationship, schema, subscription } from '../../../test/support/model-fixtures';
import { compareFlowEdges, flowsInMemory, storedFlows, type FlowEdge } from './flow-edges';
import { readImpact, type ImpactNode } from './impact';
import { problemOf } from '../../platform/http/service-error-problem';

/**
 * The SQL of find_paths and get_impact against an in-memory reading of the
 * same records, on random models stored in PostgreSQL: the flow edges leaving
 * and entering any set of elements, and the impact walk (each element and
 * channel at its least depth, through the record docs/agent-tools.md says).
 */

type Entry = { kind: ModelKind; record: AnyModelRecord };

const elementIds = Array.from({ length: 6 }, (_, i) => guid(i + 1));
const channelIds = Array.from({ length: 3 }, (_, i) => guid(0x40 + i));
const anElement = fc.constantFrom(...elementIds);
const aChannel = fc.constantFrom(...channelIds);
const fact = fc.constantFrom('declared' as const, 'inferred' as const);

function modelArbitrary(): fc.Arbitrary<Entry[]> {
  const links = fc.array(
    fc.oneof(
      fc.record({ from: anElement, to: anElement, label: fc.option(fc.constantFrom('calls', 'reads'), { nil: null }), f: fact }).map((r) => ({ kind: 'relationship' as const, make: (id: string) => relationship({ id, fromId: r.from, toId: r.to, label: r.label, factStatus: r.f }) })),
      fc.record({ from: anElement, to: fc.uniqueArray(anElement, { maxLength: 3 }) }).map((r) => ({ kind: 'message' as const, make: (id: string) => message({ id, producerId: r.from, consumerIds: r.to, name: `M${id.slice(-2)}` }) })),
      fc.record({ on: aChannel, by: anElement, dead: fc.option(aChannel, { nil: null }) }).map((r) => ({ kind: 'subscription' as const, make: (id: string) => subscription({ id, channelId: r.on, consumerId: r.by, deadLetterChannelId: r.dead }) })),
      fc.record({ from: aChannel, to: aChannel, key: fc.option(fc.constantFrom('a.*', '#'), { nil: null }) }).map((r) => ({ kind: 'binding' as const, make: (id: string) => binding({ id, sourceChannelId: r.from, targetChannelId: r.to, routingKey: r.key }) })),
    ),
    { maxLength: 18 },
  );
  return links.map((list) => [
    ...elementIds.map((id, i) => ({ kind: 'element' as const, record: element({ id, name: `E${i}`, kind: i === 0 ? 'actor' : 'system' }) })),
    ...channelIds.map((id, i) => ({ kind: 'channel' as const, record: channel({ id, name: `C${i}` }) })),
    // IDs in a shuffled-looking but fixed order, so ID order is not creation order.
    ...list.map((link, i) => ({ kind: link.kind, record: link.make(guid(0x100 + ((i * 7) % 19) * 16 + i)) })),
  ]);
}

/** Flow edges as docs/agent-tools.md defines them, read from the records. */
function flowEdgesOf(entries: readonly Entry[]): FlowEdge[] {
  return entries.flatMap(({ kind, record }): FlowEdge[] => {
    if (kind === 'relationship') {
      const r = record as RelationshipRecord;
      return [{ via: 'relationship', id: r.id, fromId: r.fromId, toId: r.toId, name: r.label, factStatus: r.factStatus, stale: r.stale }];
    }
    if (kind === 'message') {
      const m = record as MessageRecord;
      return m.consumerIds.map((to) => ({ via: 'message' as const, id: m.id, fromId: m.producerId, toId: to, name: m.name, factStatus: m.factStatus, stale: m.stale }));
    }
    return [];
  });
}

const viaOrder = { operation: 0, relationship: 1, message: 2, subscription: 3, 'dead-letter': 4, binding: 5 } as const;

/** The impact walk from an element or channel, read from the records: breadth first, each node at its least depth, through the least (via kind, via ID, from). */
function referenceImpact(entries: readonly Entry[], start: string, maxDepth: number): { id: string; depth: number; via: string }[] {
  const names = new Map(entries.filter((e) => e.kind === 'element' || e.kind === 'channel').map((e) => [e.record.id, e.kind]));
  const dependents = (id: string) => {
    const found: { node: string; kind: keyof typeof viaOrder; via: string; from: string }[] = [];
    for (const { kind, record } of entries) {
      if (kind === 'relationship' && (record as RelationshipRecord).toId === id) found.push({ node: (record as RelationshipRecord).fromId, kind: 'relationship', via: record.id, from: id });
      if (kind === 'message' && (record as MessageRecord).producerId === id) for (const c of (record as MessageRecord).consumerIds) found.push({ node: c, kind: 'message', via: record.id, from: id });
      if (kind === 'subscription' && (record as SubscriptionRecord).channelId === id) found.push({ node: (record as SubscriptionRecord).consumerId, kind: 'subscription', via: record.id, from: id });
      if (kind === 'subscription' && (record as SubscriptionRecord).deadLetterChannelId === id) found.push({ node: (record as SubscriptionRecord).consumerId, kind: 'dead-letter', via: record.id, from: id });
      if (kind === 'binding' && (record as BindingRecord).sourceChannelId === id) found.push({ node: (record as BindingRecord).targetChannelId, kind: 'binding', via: record.id, from: id });
    }
    return found.filter((f) => names.has(f.node));
  };
  const reached = new Map<string, { depth: number; via: string }>();
  let frontier = [start];
  for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
    const candidates = frontier.flatMap(dependents).sort((a, b) => (a.node !== b.node ? (a.node < b.node ? -1 : 1) : a.kind !== b.kind ? viaOrder[a.kind] - viaOrder[b.kind] : a.via !== b.via ? (a.via < b.via ? -1 : 1) : a.from < b.from ? -1 : 1));
    const next: string[] = [];
    for (const c of candidates) {
      if (c.node === start || reached.has(c.node)) continue;
      reached.set(c.node, { depth, via: `${c.kind} ${c.via} ${c.from}` });
      next.push(c.node);
    }
    frontier = next;
  }
  return [...reached].map(([id, r]) => ({ id, ...r })).sort((a, b) => (a.id < b.id ? -1 : 1));
}

const readBack = (nodes: readonly ImpactNode[]) => nodes.map((n) => ({ id: n.id, depth: n.depth, via: `${n.via.kind} ${n.via.id} ${n.via.fromId}` })).sort((a, b) => (a.id < b.id ? -1 : 1));

describe('graph queries in SQL', () => {
  let database: TestDatabase;
  let workspaceId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    workspaceId = (await database.db.insertInto('workspaces').values({ name: 'Graph' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function storeProject(entries: readonly Entry[]): Promise<string> {
    const projectId = randomUUID();
    await database.db.insertInto('projects').values({ id: projectId, workspace_id: workspaceId, name: 'P' }).execute();
    await database.db.insertInto('model_streams').values({ id: projectId, project_id: projectId, kind: 'main', name: 'main', created_at: new Date() }).execute();
    await database.db.insertInto('model_entities').values(entries.map(({ kind, record }) => ({ stream_id: projectId, id: record.id, kind, body: JSON.stringify(record) }))).execute();
    return projectId;
  }

  it('finds the flow edges leaving one set of elements and entering another, as the records say (property)', async () => {
    await fc.assert(
      fc.asyncProperty(modelArbitrary(), fc.subarray(elementIds), async (entries, frontier) => {
        const streamId = await storeProject(entries);
        const stored = storedFlows(database.db, streamId);
        const memory = flowsInMemory(flowEdgesOf(entries));
        const sorted = (edges: FlowEdge[]) => [...edges].sort(compareFlowEdges);
        const other = elementIds.filter((id) => !frontier.includes(id));
        for (const [out, into] of [[frontier, other], [other, frontier], [frontier, []], [[], frontier]]) {
          const a = await stored.around(out!, into!);
          const b = await memory.around(out!, into!);
          expect(sorted(a.leaving)).toEqual(sorted(b.leaving));
          expect(sorted(a.entering)).toEqual(sorted(b.entering));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('walks the impact of an element or a channel as the records say: least depth, the first record in order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(modelArbitrary(), fc.constantFrom(...elementIds, ...channelIds), fc.integer({ min: 1, max: 5 }), async (entries, start, maxDepth) => {
        const projectId = await storeProject(entries);
        const kind = elementIds.includes(start) ? 'element' : 'channel';
        const impact = await readImpact(database.db, { projectId, streamId: projectId, kind, id: start, maxDepth });
        expect(readBack([...impact.elements, ...impact.channels])).toEqual(referenceImpact(entries, start, maxDepth));
        // Nearest first, then by name.
        const order = impact.elements.map((n) => `${n.depth} ${n.name}`);
        expect(order).toEqual([...order].sort());
      }),
      { numRuns: 40 },
    );
  });

  it('starts an operation at its owner and a schema at the producers and consumers of its messages and the owners of its operations', async () => {
    const e = (n: number) => guid(n);
    const entries: Entry[] = [
      { kind: 'element', record: element({ id: e(1), name: 'Orders' }) as ElementRecord },
      { kind: 'element', record: element({ id: e(2), name: 'Billing' }) },
      { kind: 'element', record: element({ id: e(3), name: 'Web' }) },
      { kind: 'schema', record: schema({ id: e(10), name: 'Order' }) },
      { kind: 'operation', record: operation({ id: e(20), ownerId: e(1), name: 'PlaceOrder', requestSchemaId: e(10) }) },
      { kind: 'message', record: message({ id: e(30), producerId: e(1), consumerIds: [e(2)], name: 'OrderPlaced', schemaId: e(10) }) },
      { kind: 'relationship', record: relationship({ id: e(40), fromId: e(3), toId: e(1), label: 'places' }) },
    ];
    const projectId = await storeProject(entries);
    const operationImpact = await readImpact(database.db, { projectId, streamId: projectId, kind: 'operation', id: e(20), maxDepth: 2 });
    expect(operationImpact.target).toEqual({ kind: 'operation', id: e(20), name: 'PlaceOrder' });
    expect(operationImpact.elements.map((n) => [n.name, n.depth, n.via.kind, n.via.id])).toEqual([
      ['Orders', 1, 'operation', e(20)],
      ['Billing', 2, 'message', e(30)],
      ['Web', 2, 'relationship', e(40)],
    ]);
    // Orders is reached through both its operation and its message: the operation comes first.
    const schemaImpact = await readImpact(database.db, { projectId, streamId: projectId, kind: 'schema', id: e(10), maxDepth: 1 });
    expect(schemaImpact.elements.map((n) => [n.name, n.depth, n.via.kind, n.via.id, n.via.fromId])).toEqual([
      ['Billing', 1, 'message', e(30), e(10)],
      ['Orders', 1, 'operation', e(20), e(10)],
    ]);
    // A missing target answers 404 through the edge's mapping of its code.
    const answered = (error: unknown) => {
      throw problemOf(error) ?? error;
    };
    await expect(readImpact(database.db, { projectId, streamId: projectId, kind: 'channel', id: e(1), maxDepth: 1 }).catch(answered)).rejects.toMatchObject({ status: 404 });
  });
});
