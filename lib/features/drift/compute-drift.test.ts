import { describe, expect, it } from 'vitest';
import type { DriftSource } from '../../../contracts/drift';
import type { AnyModelRecord, ModelKind } from '../../core/model/model-records';
import type { BoundFact } from '../scans/match-facts';
import type { ScanFact } from '../scans/scan-fact';
import { computeDrift, type DriftSourceInput } from './compute-drift';

const app = (name: string, technology = 'Node.js'): ScanFact => ({
  key: `element:app:${name}`,
  kind: 'element',
  factStatus: 'observed-in-source',
  confidence: null,
  evidence: [{ path: `services/${name}/package.json`, startLine: 1, endLine: 5 }],
  fields: { kind: 'app', name, technology },
  refs: {},
});

const element = (id: string, name: string, extra: Partial<Record<string, unknown>> = {}): AnyModelRecord =>
  ({ id, kind: 'app', name, description: null, technology: 'Node.js', status: 'current', parentId: null, tags: [], icon: null, factStatus: 'observed-in-source', provenance: null, stale: null, ...extra }) as AnyModelRecord;

const model = (...records: AnyModelRecord[]) => new Map(records.map((record) => [record.id, { kind: 'element' as ModelKind, record }]));

const source = (name: string, isComplete = true): DriftSource => ({ id: null, name, kind: 'push', scanId: null, commitSha: null, finishedAt: null, isComplete });

function scanned(name: string, facts: ScanFact[], bindings: [string, string][] = [], isComplete = true): DriftSourceInput {
  return { source: source(name, isComplete), facts, bindings: new Map(bindings.map(([key, id]) => [key, { entityKind: 'element', entityId: id } satisfies BoundFact])), pending: new Map() };
}

const statuses = (result: ReturnType<typeof computeDrift>) => result.items.map((item) => `${item.status} ${item.name}`);

describe('computeDrift', () => {
  it('names each fact by the scans\' matching: in sync, changed (with the field before and after), seen but not documented', () => {
    const result = computeDrift({ model: model(element('e1', 'orders'), element('e2', 'billing')), sources: [scanned('shop', [app('orders'), app('billing', 'Deno'), app('shipping')])] });
    expect(statuses(result)).toEqual(['seen-not-documented shipping', 'changed billing', 'in-sync orders']);
    expect(result.items[1]!.changes).toEqual([{ field: 'technology', model: 'Node.js', seen: 'Deno' }]);
    expect(result.items[0]!.evidence).toEqual([{ path: 'services/shipping/package.json', startLine: 1, endLine: 5 }]);
    expect(result.counts).toEqual({ 'seen-not-documented': 1, changed: 1, 'documented-not-seen': 0, 'in-sync': 1 });
  });

  it('a record the Source accepted and its complete scan no longer sees is documented-not-seen; a partial scan says nothing of it', () => {
    const records = model(element('e1', 'orders'), element('e2', 'payments', { stale: { sinceRevision: 'abc', reason: 'evidence-not-found' } }));
    const complete = computeDrift({ model: records, sources: [scanned('shop', [app('orders')], [['element:app:orders', 'e1'], ['element:app:payments', 'e2']])] });
    expect(statuses(complete)).toEqual(['documented-not-seen payments', 'in-sync orders']);
    expect(complete.items[0]).toMatchObject({ factKey: 'element:app:payments', stale: { sinceRevision: 'abc' }, sources: [{ name: 'shop' }] });
    const partial = computeDrift({ model: records, sources: [scanned('shop', [app('orders')], [['element:app:orders', 'e1'], ['element:app:payments', 'e2']], false)] });
    expect(statuses(partial)).toEqual(['in-sync orders']);
  });

  it('a record no Source accepted is not-seen only where a complete scan reports its kind; planned elements and people are not expected in code', () => {
    const records = model(element('e1', 'orders'), element('e2', 'ledger'), element('e3', 'customer', { kind: 'actor' }), element('e4', 'loyalty', { status: 'planned' }));
    expect(statuses(computeDrift({ model: records, sources: [scanned('shop', [app('orders')])] }))).toEqual(['documented-not-seen ledger', 'in-sync orders']);
    // A scan that reported no app could not have seen one.
    expect(statuses(computeDrift({ model: records, sources: [scanned('docs', [])] }))).toEqual([]);
  });

  it('a record seen by any Source is not called not-seen by another that accepted it', () => {
    const records = model(element('e1', 'orders'));
    const result = computeDrift({ model: records, sources: [scanned('old-repo', [], [['element:app:orders', 'e1']]), scanned('new-repo', [app('orders')])] });
    expect(statuses(result)).toEqual(['in-sync orders']);
  });
});
