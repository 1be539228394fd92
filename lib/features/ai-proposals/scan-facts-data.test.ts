import { describe, expect, it } from 'vitest';
import type { ElementRecord } from '../../core/model/model-records';
import { snapshotFromRecords } from '../../core/model/model-document';
import type { ScanFact } from '../scans/scan-fact';
import { scanFactsDataPart } from './scan-facts-data';

/**
 * What a provider reads of a scan's facts: names, kinds, technologies, the element's files and
 * the references, never free text or a schema's content; each element with the ID of its record
 * and whether the model holds it; cut to its budget with a label saying what was left out.
 */
const inModelId = '0b6f0000-0000-4000-8000-000000000001';
const plannedId = '0b6f0000-0000-4000-8000-000000000002';
const evidence = (path: string) => [{ path, startLine: 3, endLine: 9 }];
const fact = (key: string, kind: ScanFact['kind'], fields: Record<string, unknown>, refs: ScanFact['refs'] = {}, path = 'services/orders/package.json'): ScanFact => ({ key, kind, factStatus: 'observed-in-source', confidence: null, evidence: evidence(path), fields, refs });

const orders: ElementRecord = { id: inModelId, kind: 'app', name: 'orders', description: null, technology: 'Node.js', status: 'current', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null };
const model = snapshotFromRecords([{ kind: 'element', record: orders }]);
const facts = [
  { fact: fact('element:app:orders', 'element', { kind: 'app', name: 'orders', technology: 'Node.js', description: 'Takes orders (from package.json)' }), recordId: inModelId },
  { fact: fact('element:store:orders-db', 'element', { kind: 'store', name: 'orders-db', technology: 'PostgreSQL', description: null }, {}, 'docker-compose.yml'), recordId: plannedId },
  { fact: fact('relationship:a->b', 'relationship', { kind: 'structural', technology: null, label: 'reads DATABASE_URL=postgres://x' }, { fromId: 'element:app:orders', toId: 'element:store:orders-db' }), recordId: '0b6f0000-0000-4000-8000-000000000003' },
  { fact: fact('schema:Order', 'schema', { name: 'Order', description: null, content: '{"secretField": true}' }), recordId: '0b6f0000-0000-4000-8000-000000000004' },
  { fact: fact('message:OrderPlaced', 'message', { name: 'OrderPlaced', description: 'free text', tags: [] }, { producerId: 'element:app:orders', consumerIds: [], schemaId: 'schema:Order' }), recordId: '0b6f0000-0000-4000-8000-000000000005' },
];

describe('scanFactsDataPart', () => {
  it('sends names, kinds and files, each element with its record and whether the model holds it; no free text, no schema, no lines', () => {
    const part = scanFactsDataPart('5ca0', facts, model);
    expect(part.label).toBe('scan facts');
    expect(part.fromPrivateRepository).toBe(false);
    expect(JSON.parse(part.text)).toEqual({
      scanId: '5ca0',
      elements: [
        { key: 'element:app:orders', kind: 'app', name: 'orders', technology: 'Node.js', id: inModelId, inModel: true, paths: ['services/orders/package.json'] },
        { key: 'element:store:orders-db', kind: 'store', name: 'orders-db', technology: 'PostgreSQL', id: plannedId, inModel: false, paths: ['docker-compose.yml'] },
      ],
      relationships: [{ key: 'relationship:a->b', kind: 'structural', technology: null, fromId: 'element:app:orders', toId: 'element:store:orders-db' }],
      operations: [],
      channels: [],
      messages: [{ key: 'message:OrderPlaced', name: 'OrderPlaced', producerId: 'element:app:orders', consumerIds: [] }],
      subscriptions: [],
      bindings: [],
    });
    for (const text of ['Takes orders', 'DATABASE_URL', 'secretField', 'free text', 'startLine']) expect(part.text).not.toContain(text);
  });

  it('cuts the least needed lists first to fit its budget, and says so in the label', () => {
    const part = scanFactsDataPart('5ca0', facts, model, 520);
    expect(Buffer.byteLength(part.text)).toBeLessThanOrEqual(520);
    expect(part.label).toBe('scan facts (cut to fit: relationships: 1 left out, messages: 1 left out)');
    expect(JSON.parse(part.text).elements).toHaveLength(2);
  });
});
