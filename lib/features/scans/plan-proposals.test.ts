import { describe, expect, it } from 'vitest';
import type { AnyModelRecord, ModelKind } from '../../core/model/model-records';
import { planProposals, type BoundFact } from './plan-proposals';
import type { ScanFact } from './scan-fact';

const app = (name: string, technology = 'Node.js'): ScanFact => ({
  key: `element:app:${name}`,
  kind: 'element',
  factStatus: 'observed-in-source',
  confidence: null,
  evidence: [{ path: `services/${name}/package.json`, startLine: 1, endLine: 5 }],
  fields: { kind: 'app', name, technology },
  refs: {},
});
const store: ScanFact = { key: 'element:store:orders-db', kind: 'element', factStatus: 'observed-in-source', confidence: null, evidence: [{ path: 'docker-compose.yml', startLine: 9, endLine: 12 }], fields: { kind: 'store', name: 'orders-db', technology: 'PostgreSQL' }, refs: {} };
const link: ScanFact = { key: 'relationship:orders->orders-db', kind: 'relationship', factStatus: 'inferred', confidence: 0.8, evidence: [{ path: 'docker-compose.yml', startLine: 5, endLine: 5 }], fields: { label: 'reads and writes' }, refs: { fromId: 'element:app:orders', toId: 'element:store:orders-db' } };

const element = (id: string, name: string, extra: Partial<Record<string, unknown>> = {}): AnyModelRecord =>
  ({ id, kind: 'app', name, description: null, technology: 'Node.js', status: 'current', parentId: null, tags: [], icon: null, factStatus: 'observed-in-source', provenance: null, stale: null, ...extra }) as AnyModelRecord;

function model(...records: AnyModelRecord[]) {
  return new Map(records.map((record) => [record.id, { kind: ('fromId' in record ? 'relationship' : 'element') as ModelKind, record }]));
}

describe('planProposals', () => {
  it('an empty model: every fact is an addition; references point at facts', () => {
    const plan = planProposals({ facts: [link, store, app('orders')], bindings: new Map(), model: new Map(), isComplete: true });
    expect(plan.proposals.map((p) => [p.action, p.factKey])).toEqual([
      ['add', 'element:app:orders'],
      ['add', 'element:store:orders-db'],
      ['add', 'relationship:orders->orders-db'],
    ]);
    expect(plan.markStale).toEqual([]);
  });

  it('a fact bound to an unchanged record proposes nothing; a changed field proposes a change naming it', () => {
    const bindings = new Map<string, BoundFact>([['element:app:orders', { entityKind: 'element', entityId: 'e1' }]]);
    expect(planProposals({ facts: [app('orders')], bindings, model: model(element('e1', 'orders')), isComplete: true }).proposals).toEqual([]);
    const changed = planProposals({ facts: [app('orders', 'Deno')], bindings, model: model(element('e1', 'orders')), isComplete: true }).proposals;
    expect(changed).toMatchObject([{ action: 'change', entityId: 'e1', changedFields: ['technology'] }]);
  });

  it('an unbound fact matching a declared record by kind and name proposes a change of it (labelling it observed)', () => {
    const plan = planProposals({ facts: [app('Orders')], bindings: new Map(), model: model(element('e1', 'orders', { factStatus: 'declared' })), isComplete: true });
    expect(plan.proposals).toMatchObject([{ action: 'change', entityId: 'e1', changedFields: ['name', 'factStatus'] }]);
  });

  it('a complete scan without an accepted fact proposes its removal and marks it stale; a partial scan does neither', () => {
    const bindings = new Map<string, BoundFact>([['element:app:billing', { entityKind: 'element', entityId: 'e2' }]]);
    const complete = planProposals({ facts: [], bindings, model: model(element('e2', 'billing')), isComplete: true });
    expect(complete.proposals).toMatchObject([{ action: 'remove', entityId: 'e2', factKey: 'element:app:billing' }]);
    expect(complete.markStale).toEqual([{ entityKind: 'element', entityId: 'e2', factKey: 'element:app:billing' }]);
    const partial = planProposals({ facts: [], bindings, model: model(element('e2', 'billing')), isComplete: false });
    expect(partial).toEqual({ proposals: [], markStale: [], clearStale: [] });
  });

  it('a stale record found again loses its mark; one already stale is not marked twice', () => {
    const bindings = new Map<string, BoundFact>([['element:app:orders', { entityKind: 'element', entityId: 'e1' }]]);
    const stale = element('e1', 'orders', { stale: { sinceRevision: 'abc', reason: 'evidence-not-found' } });
    expect(planProposals({ facts: [app('orders')], bindings, model: model(stale), isComplete: true }).clearStale).toEqual([{ entityKind: 'element', entityId: 'e1', factKey: 'element:app:orders' }]);
    expect(planProposals({ facts: [], bindings, model: model(stale), isComplete: true }).markStale).toEqual([]);
  });

  it('a relationship between matched records is matched by its ends', () => {
    const rel = { id: 'r1', fromId: 'e1', toId: 'e3', label: 'reads and writes', technology: null, kind: 'structural', lineShape: null, factStatus: 'inferred', provenance: null, stale: null } as AnyModelRecord;
    const dbRecord = element('e3', 'orders-db', { kind: 'store', technology: 'PostgreSQL' });
    const plan = planProposals({ facts: [app('orders'), store, link], bindings: new Map(), model: model(element('e1', 'orders', { factStatus: 'declared' }), dbRecord, rel), isComplete: true });
    expect(plan.proposals.map((p) => [p.action, p.entityId])).toEqual([
      ['change', 'e1'],
      ['change', 'e3'],
      ['change', 'r1'],
    ]);
  });
});
