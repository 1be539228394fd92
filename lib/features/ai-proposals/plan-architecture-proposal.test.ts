import { describe, expect, it } from 'vitest';
import { element, guid, operation } from '../../../test/support/model-fixtures';
import { overlayModel } from '../../core/model/overlay-model';
import { modelKinds, type ModelSnapshot } from '../../core/model/model-records';
import type { ArchitectureOutput } from './architecture-output';
import { checkItems, planArchitectureProposal } from './plan-architecture-proposal';

/** The architecture planner over a small model: what is offered, what is dropped and why, and the records a decision writes. */
const emptySnapshot = () => Object.fromEntries(modelKinds.map((kind) => [kind, new Map()])) as unknown as ModelSnapshot;

describe('planArchitectureProposal', () => {
  const shop = element({ id: guid(1), kind: 'system', name: 'Shop' });
  const orders = element({ id: guid(2), kind: 'app', name: 'Orders', parentId: guid(1) });
  const model = overlayModel(emptySnapshot(), [
    { kind: 'element', record: shop },
    { kind: 'element', record: orders },
    { kind: 'operation', record: operation({ id: guid(3), ownerId: guid(2), name: 'Place' }) },
  ]);
  let next = 100;
  const newId = () => guid(next++);
  const system = (ref: string | null, name: string) => ({ kind: 'element' as const, action: 'add' as const, ref, id: null, record: { kind: 'system' as const, name, description: null, technology: null, status: 'planned' as const, parentId: null, tags: [] }, confidence: 0.8, rationale: 'r' });
  const app = (parentId: string, name: string) => ({ kind: 'element' as const, action: 'add' as const, ref: null, id: null, record: { kind: 'app' as const, name, description: null, technology: null, status: 'planned' as const, parentId, tags: [] }, confidence: 0.4, rationale: 'r' });
  const plan = (items: ArchitectureOutput['items']) => planArchitectureProposal({ model, projectId: guid(999), output: { items, notes: null }, foreignSchemaIds: new Set(), provenanceSource: 'ai-proposal:p test', newId });

  it('offers items that fit together, references by alias resolved to the new IDs', () => {
    const result = plan([system('billing', 'Billing'), app('billing', 'Invoices')]);
    expect(result.dropped).toEqual([]);
    const [billing, invoices] = result.items;
    expect(invoices!.record.parentId).toBe(billing!.recordId);
    expect(result.items.every((item) => item.decision === 'pending')).toBe(true);
  });

  it('drops an item the rules refuse, and then every item that stood on it, each with its reason', () => {
    // A system under a parent is refused; the app in it then has no system to live in.
    const bad = { ...system('billing', 'Billing'), record: { ...system('billing', 'Billing').record, parentId: guid(1) } };
    const result = plan([bad, app('billing', 'Invoices'), app(guid(1), 'Fine')]);
    expect(result.items.map((item) => item.record.name)).toEqual(['Fine']);
    expect(result.dropped.map((d) => [d.index, d.reason.split(':')[0]])).toEqual([
      [0, 'parentId'],
      [1, 'parentId'],
    ]);
  });

  it('drops references that name nothing, repeated aliases, and updates of records the model lacks', () => {
    const result = plan([
      app('nowhere', 'Lost'),
      system('twice', 'One'),
      system('twice', 'Two'),
      { ...system(null, 'Ghost'), action: 'update', id: guid(77) },
      { ...system(null, 'No ID'), action: 'update', id: null },
    ]);
    expect(result.items.map((item) => item.record.name)).toEqual(['One']);
    expect(result.dropped.map((d) => d.reason)).toEqual([
      'parentId: names an alias no record of this proposal has',
      'ref: another item of this proposal uses this alias',
      `id: the model has no element ${guid(77)} to update`,
      'id: an update names the record it changes by its GUID',
    ]);
  });

  it('writes accepted items as inferred with the confidence; an added ID taken since is refused', () => {
    const { items } = plan([system(null, 'Billing'), { ...system(null, 'Orders'), kind: 'element', action: 'update', id: guid(2), record: { ...orders, description: 'changed', parentId: guid(1), kind: 'app' } }]);
    const label = { provenanceSource: 'ai-proposal:p test', accepted: { by: guid(5), at: '2030-01-01T00:00:00.000Z' } };
    const checked = checkItems(items, model, { projectId: guid(999), foreignSchemaIds: new Set(), label });
    expect(checked.refused.size).toBe(0);
    expect(checked.upserts.map((u) => [u.change, (u.record as { factStatus: string }).factStatus, (u.record as { provenance: { confidence: number } }).provenance.confidence])).toEqual([
      ['added', 'inferred', 0.8],
      ['changed', 'inferred', 0.8],
    ]);
    const taken = overlayModel(model, [{ kind: 'element', record: element({ id: items[0]!.recordId, name: 'Someone else' }) }]);
    expect(checkItems(items, taken, { projectId: guid(999), foreignSchemaIds: new Set(), label }).refused.get(items[0]!.id)).toMatch(/is in use/);
  });
});
