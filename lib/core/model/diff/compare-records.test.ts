import { describe, expect, it } from 'vitest';
import { binding, channel, element, guid, message, operation, relationship, schema, subscription } from '../../../../test/support/model-fixtures';
import { snapshotFromRecords } from '../model-document';
import type { ModelSnapshot } from '../model-records';
import { compareModels, compareRecord, isEmptyDiff } from './compare-records';

const shop = element({ id: guid(1), name: 'Shop' });
const store = element({ id: guid(2), name: 'Orders DB', kind: 'store' });
const uses = relationship({ id: guid(10), fromId: guid(1), toId: guid(2), label: 'reads' });
const orders = channel({ id: guid(20), name: 'orders' });
const placed = message({ id: guid(30), producerId: guid(1), name: 'OrderPlaced' });
const orderSchema = schema({ id: guid(40), name: 'Order', content: '{"type":"object"}' });
const place = operation({ id: guid(50), ownerId: guid(1), name: 'PlaceOrder' });
const listen = subscription({ id: guid(60), channelId: guid(20), consumerId: guid(2) });
const route = binding({ id: guid(70), sourceChannelId: guid(20), targetChannelId: guid(21) });

type KindAndRecord = Parameters<typeof snapshotFromRecords>[0] extends Iterable<infer R> ? R : never;

function model(...records: KindAndRecord[]): ModelSnapshot {
  return snapshotFromRecords(records);
}

const base = model(
  { kind: 'element', record: shop },
  { kind: 'element', record: store },
  { kind: 'relationship', record: uses },
  { kind: 'channel', record: orders },
  { kind: 'message', record: placed },
  { kind: 'schema', record: orderSchema },
  { kind: 'operation', record: place },
  { kind: 'subscription', record: listen },
  { kind: 'binding', record: route },
);

describe('compareModels', () => {
  it('finds nothing between a model and itself, or a copy whose keys are in another order', () => {
    const reordered = model(...modelRecords(base).map(({ kind, record }) => ({ kind, record: Object.fromEntries(Object.entries(record).reverse()) }) as never));
    expect(isEmptyDiff(compareModels(base, base))).toBe(true);
    expect(isEmptyDiff(compareModels(base, reordered))).toBe(true);
  });

  it('lists added, removed and changed records per kind in ID order, each changed field before and after', () => {
    const later = model(
      { kind: 'element', record: { ...shop, name: 'Web shop', factStatus: 'observed-in-source', provenance: { source: 'git:shop/app.yaml', revision: 'abc', confidence: null, acceptedBy: null, acceptedAt: null } } },
      { kind: 'element', record: element({ id: guid(4), name: 'Payments' }) },
      { kind: 'element', record: element({ id: guid(3), name: 'Billing' }) },
      { kind: 'relationship', record: uses },
      { kind: 'channel', record: { ...orders, stale: { sinceRevision: 'def', reason: 'gone from scan' } } },
      { kind: 'message', record: placed },
      { kind: 'schema', record: { ...orderSchema, content: '{"type":"object","required":["id"]}', version: 2 } },
      { kind: 'operation', record: { ...place, retry: { maxAttempts: 3, backoffMs: 100 } } },
      { kind: 'subscription', record: listen },
      { kind: 'binding', record: { ...route, routingKey: 'eu.*' } },
    );
    const diff = compareModels(base, later);
    expect(diff.element.added.map((e) => e.name)).toEqual(['Billing', 'Payments']);
    expect(diff.element.removed.map((e) => e.name)).toEqual(['Orders DB']);
    expect(diff.element.changed).toHaveLength(1);
    expect(diff.element.changed[0]!.fields.map((f) => f.field)).toEqual(['name', 'factStatus', 'provenance']);
    expect(diff.element.changed[0]!.fields[0]).toEqual({ field: 'name', before: 'Shop', after: 'Web shop' });
    expect(diff.channel.changed[0]!.fields).toEqual([{ field: 'stale', before: null, after: { sinceRevision: 'def', reason: 'gone from scan' } }]);
    expect(diff.schema.changed[0]!.fields.map((f) => f.field)).toEqual(['content', 'version']);
    expect(diff.operation.changed[0]!.fields).toEqual([{ field: 'retry', before: null, after: { maxAttempts: 3, backoffMs: 100 } }]);
    expect(diff.binding.changed[0]!.fields).toEqual([{ field: 'routingKey', before: null, after: 'eu.*' }]);
    for (const kind of ['relationship', 'message', 'subscription'] as const) expect(diff[kind]).toEqual({ added: [], removed: [], changed: [] });
  });

  it('is the mirror image when the two models are swapped', () => {
    const later = model({ kind: 'element', record: { ...shop, tags: ['edge'] } });
    const forward = compareModels(base, later);
    const backward = compareModels(later, base);
    expect(backward.element.added).toEqual(forward.element.removed);
    expect(backward.element.changed[0]!.fields).toEqual([{ field: 'tags', before: ['edge'], after: [] }]);
  });
});

describe('compareRecord', () => {
  it('takes a missing nullable field for null and list order as a difference', () => {
    const { icon: _icon, ...withoutIcon } = shop;
    expect(compareRecord('element', shop, withoutIcon as never)).toEqual([]);
    expect(compareRecord('message', { ...placed, consumerIds: [guid(1), guid(2)] }, { ...placed, consumerIds: [guid(2), guid(1)] })).toEqual([
      { field: 'consumerIds', before: [guid(1), guid(2)], after: [guid(2), guid(1)] },
    ]);
  });
});

function modelRecords(snapshot: ModelSnapshot) {
  return (Object.keys(snapshot) as (keyof ModelSnapshot)[]).flatMap((kind) => [...snapshot[kind].values()].map((record) => ({ kind, record })));
}
