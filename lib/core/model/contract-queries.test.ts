import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../platform/db/schema';
import { insertProject } from '../../features/workspaces/project-store';
import { contractKinds, readContractPages, type ContractKind, type ContractPage } from './contract-queries';
import type { AnyModelRecord, ModelKind, ModelSnapshot } from './model-records';
import { commitModelChange } from './model-store';
import { binding, channel, guid, message, operation, schema, subscription } from '../../../test/support/model-fixtures';
import { lockStream } from './stream-store';

/**
 * The contract pages read in SQL against the reading of the whole model in memory that
 * `get_contracts` made before (kept here as the reference), on random models.
 */
function contractsOf(model: ModelSnapshot, elementId: string | null): Record<ContractKind, { id: string }[]> {
  const byId = <T extends { id: string }>(list: Iterable<T>) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (elementId === null) {
    return {
      operations: byId(model.operation.values()),
      channels: byId(model.channel.values()),
      subscriptions: byId(model.subscription.values()),
      bindings: byId(model.binding.values()),
      messages: byId(model.message.values()),
      schemas: byId(model.schema.values()),
    };
  }
  const operations = [...model.operation.values()].filter((o) => o.ownerId === elementId);
  const subscriptions = [...model.subscription.values()].filter((s) => s.consumerId === elementId);
  const messages = [...model.message.values()].filter((m) => m.producerId === elementId || m.consumerIds.includes(elementId));
  const channelIds = new Set(subscriptions.flatMap((s) => [s.channelId, s.deadLetterChannelId].filter((id): id is string => id !== null)));
  const bindings = [...model.binding.values()].filter((b) => channelIds.has(b.sourceChannelId) || channelIds.has(b.targetChannelId));
  const schemaIds = new Set([...operations.flatMap((o) => [o.requestSchemaId, o.responseSchemaId]), ...messages.map((m) => m.schemaId)].filter((id): id is string => id !== null));
  return {
    operations: byId(operations),
    channels: byId([...channelIds].map((id) => model.channel.get(id)).filter((c) => c !== undefined)),
    subscriptions: byId(subscriptions),
    bindings: byId(bindings),
    messages: byId(messages),
    schemas: byId([...schemaIds].map((id) => model.schema.get(id)).filter((s) => s !== undefined)),
  };
}

const databases: TestDatabase[] = [];
let db: Kysely<Database>;
let workspaceId: string;
beforeAll(async () => {
  const created = await createTestDatabase();
  databases.push(created);
  db = created.db;
  workspaceId = (await db.insertInto('workspaces').values({ name: 'Contracts', created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
});

// Small ID pools per kind, so references meet; some referenced IDs name no record.
const pool = (from: number, size: number) => Array.from({ length: size }, (_, i) => guid(from + i));
const elementIds = pool(1, 4);
const channelIds = pool(100, 5);
const schemaIds = pool(200, 4);
const someOf = (ids: string[]) => fc.subarray(ids);
const refOrNull = (ids: string[]) => fc.option(fc.constantFrom(...ids), { nil: null });

const randomModel = fc.record({
  channels: someOf(channelIds.slice(0, 4)).map((ids) => ids.map((id) => channel({ id }))),
  schemas: someOf(schemaIds.slice(0, 3)).map((ids) => ids.map((id) => schema({ id }))),
  operations: fc.array(fc.record({ ownerId: fc.constantFrom(...elementIds), requestSchemaId: refOrNull(schemaIds), responseSchemaId: refOrNull(schemaIds) }), { maxLength: 8 }),
  subscriptions: fc.array(fc.record({ channelId: fc.constantFrom(...channelIds), consumerId: fc.constantFrom(...elementIds), deadLetterChannelId: refOrNull(channelIds) }), { maxLength: 8 }),
  bindings: fc.array(fc.record({ sourceChannelId: fc.constantFrom(...channelIds), targetChannelId: fc.constantFrom(...channelIds) }), { maxLength: 8 }),
  messages: fc.array(fc.record({ producerId: fc.constantFrom(...elementIds), consumerIds: someOf(elementIds), schemaId: refOrNull(schemaIds) }), { maxLength: 8 }),
  limit: fc.integer({ min: 1, max: 4 }),
});

describe('readContractPages', () => {
  it('pages the same contracts, in the same order and with the same totals, as the reading of the whole model', async () => {
    await fc.assert(
      fc.asyncProperty(randomModel, async (m) => {
        const records: { kind: ModelKind; record: AnyModelRecord }[] = [
          ...m.channels.map((record) => ({ kind: 'channel' as const, record })),
          ...m.schemas.map((record) => ({ kind: 'schema' as const, record })),
          ...m.operations.map((f, i) => ({ kind: 'operation' as const, record: operation({ id: guid(300 + i), ...f }) })),
          ...m.subscriptions.map((f, i) => ({ kind: 'subscription' as const, record: subscription({ id: guid(400 + i), ...f }) })),
          ...m.bindings.map((f, i) => ({ kind: 'binding' as const, record: binding({ id: guid(500 + i), ...f }) })),
          ...m.messages.map((f, i) => ({ kind: 'message' as const, record: message({ id: guid(600 + i), ...f }) })),
        ];
        const project = await insertProject(db, workspaceId, 'Contracts', null, new Date());
        await db.transaction().execute(async (trx) => {
          const version = await lockStream(trx, project.id);
          const writes = records.map(({ kind, record }) => ({ kind, record, change: 'added' as const }));
          await commitModelChange(trx, { streamId: project.id, fromVersion: version, writes, deletes: [], actor: 'test', at: new Date(), summary: 'contracts' });
        });
        const snapshot = Object.fromEntries((['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding'] as const).map((k) => [k, new Map()])) as unknown as ModelSnapshot;
        for (const { kind, record } of records) (snapshot[kind] as Map<string, AnyModelRecord>).set(record.id, record);

        for (const elementId of [null, ...elementIds]) {
          const expected = contractsOf(snapshot, elementId);
          // Every kind at once: the first page of each.
          const first = await readContractPages(db, project.id, elementId, contractKinds.map((kind) => ({ kind, afterId: null })), m.limit);
          for (const kind of contractKinds) {
            const page = first.get(kind)!;
            expect({ total: page.total, items: page.items, hasMore: page.hasMore }, `${kind} of ${elementId}`).toEqual({ total: expected[kind].length, items: expected[kind].slice(0, m.limit), hasMore: expected[kind].length > m.limit });
          }
          // One kind, page by page.
          for (const kind of contractKinds) {
            const seen: unknown[] = [];
            let afterId: string | null = null;
            for (;;) {
              const page: ContractPage = (await readContractPages(db, project.id, elementId, [{ kind, afterId }], m.limit)).get(kind)!;
              expect(page.total).toBe(expected[kind].length);
              seen.push(...page.items);
              if (!page.hasMore) break;
              afterId = page.items.at(-1)!.id;
            }
            expect(seen, `${kind} of ${elementId}, paged`).toEqual(expected[kind]);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
