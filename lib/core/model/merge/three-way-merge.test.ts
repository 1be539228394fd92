import { describe, expect, it } from 'vitest';
import { element, guid, relationship } from '../../../../test/support/model-fixtures';
import { snapshotFromRecords } from '../model-document';
import type { ModelSnapshot } from '../model-records';
import { threeWayMerge } from './three-way-merge';

const shop = element({ id: guid(1), name: 'Shop' });
const store = element({ id: guid(2), name: 'Orders DB', kind: 'store' });
const billing = element({ id: guid(3), name: 'Billing' });
const reads = relationship({ id: guid(10), fromId: guid(1), toId: guid(2), label: 'reads' });

type KindAndRecord = Parameters<typeof snapshotFromRecords>[0] extends Iterable<infer R> ? R : never;
const model = (...records: KindAndRecord[]): ModelSnapshot => snapshotFromRecords(records);
const base = model({ kind: 'element', record: shop }, { kind: 'element', record: store }, { kind: 'element', record: billing }, { kind: 'relationship', record: reads });

describe('threeWayMerge', () => {
  it('takes what only the branch changed, keeps what only main changed, and needs nothing where both agree', () => {
    const main = model({ kind: 'element', record: { ...shop, description: 'main wrote this' } }, { kind: 'element', record: store }, { kind: 'element', record: { ...billing, tags: ['x'] } }, { kind: 'relationship', record: reads });
    const branch = model(
      { kind: 'element', record: shop },
      { kind: 'element', record: { ...store, name: 'Orders store' } },
      { kind: 'element', record: { ...billing, tags: ['x'] } },
      { kind: 'element', record: element({ id: guid(4), name: 'Payments' }) },
    );
    const { changes, conflicts } = threeWayMerge({ base, main, branch });
    expect(conflicts).toEqual([]);
    expect(changes.map((c) => [c.kind, c.id, c.change])).toEqual([
      ['element', guid(2), 'changed'],
      ['element', guid(4), 'added'],
      ['relationship', guid(10), 'deleted'],
    ]);
  });

  it('lists a record both sides changed differently, per field, with the value at the branch point', () => {
    const main = model({ kind: 'element', record: { ...shop, name: 'Web shop' } }, { kind: 'element', record: billing });
    const branch = model({ kind: 'element', record: { ...shop, name: 'Store front', tags: ['edge'] } }, { kind: 'element', record: { ...store, name: 'Orders store' } }, { kind: 'element', record: { ...billing, name: 'Invoicing' } }, { kind: 'relationship', record: reads });
    const { changes, conflicts } = threeWayMerge({ base, main, branch });
    expect(conflicts).toHaveLength(2);
    expect(conflicts[0]).toMatchObject({ kind: 'element', id: guid(1), base: 'present', main: 'present', branch: 'present', name: 'Store front' });
    expect(conflicts[0]!.fields).toEqual([
      { field: 'name', base: 'Shop', main: 'Web shop', branch: 'Store front' },
      { field: 'tags', base: [], main: [], branch: ['edge'] },
    ]);
    // Main deleted the relationship, the branch kept it unchanged: main's deletion stands. Billing: only the branch changed it.
    expect(changes.map((c) => c.id)).toEqual([guid(3)]);
    // A deletion on one side against a change on the other is a conflict too.
    expect(conflicts[1]).toMatchObject({ kind: 'element', id: guid(2), base: 'present', main: 'absent', branch: 'present' });
    expect(conflicts[1]!.fields.find((f) => f.field === 'name')).toEqual({ field: 'name', base: 'Orders DB', main: null, branch: 'Orders store' });
  });

  it('without a base, every record that differs is a conflict', () => {
    const main = model({ kind: 'element', record: shop });
    const branch = model({ kind: 'element', record: shop }, { kind: 'element', record: billing });
    const { changes, conflicts } = threeWayMerge({ base: null, main, branch });
    expect(changes).toEqual([]);
    expect(conflicts.map((c) => [c.id, c.base, c.main, c.branch])).toEqual([[guid(3), 'unknown', 'absent', 'present']]);
    expect(conflicts[0]!.fields.map((f) => f.field)).toContain('name');
  });
});
