import { describe, expect, it } from 'vitest';
import type { ModelKind } from './model-records';
import { readRecord, recordFieldOrder } from './record-schemas';
import { guid } from '../../../test/support/model-fixtures';

const A = guid(1);
const B = guid(2);
const C = guid(3);

/** Minimal valid entry of each kind: only the required fields. */
const minimal: Record<ModelKind, Record<string, unknown>> = {
  element: { id: A, kind: 'system', name: 'Shop', status: 'current' },
  relationship: { id: A, fromId: B, toId: C },
  message: { id: A, name: 'OrderPlaced', producerId: B },
  schema: { id: A, name: 'Order', content: '{}' },
  operation: { id: A, ownerId: B, name: 'placeOrder', transport: 'http' },
  channel: { id: A, name: 'orders', kind: 'topic' },
  subscription: { id: A, channelId: B, consumerId: C },
  binding: { id: A, sourceChannelId: B, targetChannelId: C },
};

const defaultFacts = { factStatus: 'declared', provenance: null, stale: null };

function reasons(kind: ModelKind, entry: unknown, mode: 'import' | 'edit' = 'import'): string[] {
  const result = readRecord(kind, entry, { mode });
  return result.ok ? [] : result.reasons;
}

describe('readRecord: defaults of part 1', () => {
  it.each([
    ['element', { ...minimal.element, description: null, technology: null, parentId: null, tags: [], icon: null, ...defaultFacts }],
    ['relationship', { ...minimal.relationship, label: null, technology: null, kind: 'structural', lineShape: null, ...defaultFacts }],
    ['message', { ...minimal.message, description: null, consumerIds: [], schemaId: null, tags: [], ...defaultFacts }],
    ['schema', { ...minimal.schema, description: null, version: 1 }],
    ['operation', { ...minimal.operation, requestSchemaId: null, responseSchemaId: null, timeoutMs: null, retry: null, ...defaultFacts }],
    ['channel', { ...minimal.channel, ...defaultFacts }],
    ['subscription', { ...minimal.subscription, retry: null, deadLetterChannelId: null, ...defaultFacts }],
    ['binding', { ...minimal.binding, routingKey: null, ...defaultFacts }],
  ] as const)('a minimal %s gets every nullable field as null, lists empty, labels defaulted', (kind, expected) => {
    const result = readRecord(kind, minimal[kind], { mode: 'import' });
    expect(result).toEqual({ ok: true, record: expected, ignored: [] });
    // Keys in the order of the spec tables, fact fields last.
    expect(Object.keys((result as { record: object }).record)).toEqual(recordFieldOrder[kind]);
  });

  it('reads null like missing for nullable fields', () => {
    const result = readRecord('element', { ...minimal.element, description: null, parentId: null, provenance: null, stale: null }, { mode: 'import' });
    expect(result.ok).toBe(true);
  });

  it('an empty factStatus or relationship kind means declared / structural', () => {
    expect(readRecord('channel', { ...minimal.channel, factStatus: '' }, { mode: 'import' })).toMatchObject({ ok: true, record: { factStatus: 'declared' } });
    expect(readRecord('relationship', { ...minimal.relationship, kind: '' }, { mode: 'import' })).toMatchObject({ ok: true, record: { kind: 'structural' } });
  });

  it('normalises GUIDs to lower case, everywhere', () => {
    const upper = (id: string) => id.toUpperCase().replace('0000-4000', '0000-4ABC');
    const result = readRecord('message', { id: upper(A), name: 'm', producerId: upper(B), consumerIds: [upper(C)], schemaId: upper(A) }, { mode: 'import' });
    expect(result).toMatchObject({ ok: true, record: { id: upper(A).toLowerCase(), producerId: upper(B).toLowerCase(), consumerIds: [upper(C).toLowerCase()] } });
  });

  it('keeps the schema version the caller passes and never reads the document one', () => {
    expect(readRecord('schema', { ...minimal.schema, version: 7 }, { mode: 'import' })).toMatchObject({ ok: true, record: { version: 1 } });
    expect(readRecord('schema', { ...minimal.schema, version: 'x' }, { mode: 'import', schemaVersion: 4 })).toMatchObject({ ok: true, record: { version: 4 } });
    expect(reasons('schema', { ...minimal.schema, version: 3 }, 'edit')).toEqual([]);
  });

  it('reads provenance with missing members as null, and keeps values', () => {
    const provenance = { source: 'src/orders.ts:12', revision: 'abc123', confidence: 0.75, acceptedBy: B.toUpperCase(), acceptedAt: '2024-05-01T12:00:00.123+02:00' };
    expect(readRecord('channel', { ...minimal.channel, factStatus: 'inferred', provenance }, { mode: 'import' })).toMatchObject({
      ok: true,
      record: { factStatus: 'inferred', provenance: { ...provenance, acceptedBy: B } },
    });
    expect(readRecord('channel', { ...minimal.channel, provenance: {} }, { mode: 'import' })).toMatchObject({
      ok: true,
      record: { provenance: { source: null, revision: null, confidence: null, acceptedBy: null, acceptedAt: null } },
    });
  });

  it('reads operation limits at their bounds and normalises -0', () => {
    const result = readRecord('operation', { ...minimal.operation, timeoutMs: 3_600_000, retry: { maxAttempts: 10, backoffMs: -0 } }, { mode: 'import' });
    expect(result).toMatchObject({ ok: true, record: { timeoutMs: 3_600_000, retry: { maxAttempts: 10, backoffMs: 0 } } });
    expect(Object.is((result as { record: { retry: { backoffMs: number } } }).record.retry.backoffMs, 0)).toBe(true);
    expect(readRecord('operation', { ...minimal.operation, timeoutMs: 0, retry: { maxAttempts: 1, backoffMs: 0 } }, { mode: 'import' }).ok).toBe(true);
  });
});

describe('readRecord: refusals, each naming its field', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each<[ModelKind, Record<string, unknown>, string[]]>([
    ['element', { id: undefined }, ['id: is required']],
    ['element', { id: 'not-a-guid' }, ['id: must be a GUID']],
    ['element', { id: 42 }, ['id: must be a GUID']],
    ['element', { kind: undefined }, ['kind: is required']],
    ['element', { kind: 'service' }, ['kind: must be one of actor, system, app, store, component']],
    ['element', { kind: 3 }, ['kind: must be one of actor, system, app, store, component']],
    ['element', { name: undefined }, ['name: is required']],
    ['element', { name: null }, ['name: is required']],
    ['element', { name: '' }, ['name: must not be empty']],
    ['element', { name: '   ' }, ['name: must not be empty']],
    ['element', { name: ['Shop'] }, ['name: must be a string']],
    ['element', { name: 'Sh\nop' }, ['name: must not contain control characters']],
    ['element', { name: 'Sh\u0085op' }, ['name: must not contain control characters']],
    ['element', { name: 'Shop\ud800' }, ['name: must be valid Unicode text']],
    ['element', { status: 'gone' }, ['status: must be one of current, planned, deprecated, removed']],
    ['element', { status: undefined }, ['status: is required']],
    ['element', { parentId: 'parent' }, ['parentId: must be a GUID']],
    ['element', { tags: 'a,b' }, ['tags: must be a list']],
    ['element', { tags: null }, ['tags: must be a list']],
    ['element', { tags: ['ok', 7, 'b\u0000'] }, ['tags[1]: must be a string', 'tags[2]: must not contain U+0000']],
    ['element', { description: 'a\u0000b' }, ['description: must not contain U+0000']],
    ['element', { description: 5 }, ['description: must be a string']],
    ['element', { icon: {} }, ['icon: must be a string']],
    ['element', { factStatus: 'true' }, ['factStatus: must be one of declared, observed-in-source, inferred, measured, unknown']],
    ['element', { factStatus: null }, ['factStatus: must be one of declared, observed-in-source, inferred, measured, unknown']],
    ['element', { provenance: 'src' }, ['provenance: must be an object or null']],
    ['element', { provenance: [] }, ['provenance: must be an object or null']],
    ['element', { provenance: { source: '' } }, ['provenance.source: must not be blank']],
    ['element', { provenance: { source: long(2001) } }, ['provenance.source: must have at most 2000 characters']],
    ['element', { provenance: { revision: ' ' } }, ['provenance.revision: must not be blank']],
    ['element', { provenance: { confidence: 1.5 } }, ['provenance.confidence: must be from 0 to 1']],
    ['element', { provenance: { confidence: '0.5' } }, ['provenance.confidence: must be a number']],
    ['element', { provenance: { acceptedBy: 'me' } }, ['provenance.acceptedBy: must be a GUID']],
    ['element', { provenance: { acceptedAt: '2024-05-01' } }, ['provenance.acceptedAt: must be an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T12:00:00Z']],
    ['element', { provenance: { acceptedAt: '2024-13-45T00:00:00Z' } }, ['provenance.acceptedAt: must be an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T12:00:00Z']],
    ['element', { provenance: { acceptedAt: '2024-02-30T00:00:00Z' } }, ['provenance.acceptedAt: must be an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T12:00:00Z']],
    ['element', { provenance: { acceptedAt: '2023-02-29T00:00:00Z' } }, ['provenance.acceptedAt: must be an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T12:00:00Z']],
    ['element', { provenance: { acceptedAt: '2024-05-01T24:00:00Z' } }, ['provenance.acceptedAt: must be an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T12:00:00Z']],
    ['element', { provenance: { acceptedAt: '2024-04-31T10:00:00+02:00' } }, ['provenance.acceptedAt: must be an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T12:00:00Z']],
    ['element', { provenance: { acceptedAt: '2024-05-01T10:00:00+24:00' } }, ['provenance.acceptedAt: must be an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T12:00:00Z']],
    ['element', { stale: {} }, ['stale.sinceRevision: is required', 'stale.reason: is required']],
    ['element', { stale: { sinceRevision: '', reason: long(101) } }, ['stale.sinceRevision: must not be blank', 'stale.reason: must have at most 100 characters']],
    ['element', { stale: true }, ['stale: must be an object or null']],
    ['relationship', { fromId: undefined, toId: 'x' }, ['fromId: is required', 'toId: must be a GUID']],
    ['relationship', { kind: 'weird' }, ['kind: must be one of structural, behavioural']],
    ['relationship', { lineShape: long(101) }, ['lineShape: must have at most 100 characters']],
    ['relationship', { label: 'a\u0000b' }, ['label: must not contain U+0000']],
    ['element', { name: 'a\tb' }, ['name: must not contain control characters']],
    ['binding', { routingKey: 'order\nplaced' }, ['routingKey: must not contain control characters']],
    ['message', { producerId: undefined }, ['producerId: is required']],
    ['message', { consumerIds: [B, 'x', null] }, ['consumerIds[1]: must be a GUID', 'consumerIds[2]: must be a GUID']],
    ['message', { consumerIds: {} }, ['consumerIds: must be a list']],
    ['message', { schemaId: 12 }, ['schemaId: must be a GUID']],
    ['schema', { content: undefined }, ['content: is required']],
    ['schema', { content: { type: 'object' } }, ['content: must be a string']],
    ['schema', { name: '' }, ['name: must not be empty']],
    ['operation', { transport: 'soap' }, ['transport: must be one of http, grpc, command']],
    ['operation', { ownerId: undefined }, ['ownerId: is required']],
    ['operation', { timeoutMs: 3_600_001 }, ['timeoutMs: must be from 0 to 3600000']],
    ['operation', { timeoutMs: -1 }, ['timeoutMs: must be from 0 to 3600000']],
    ['operation', { timeoutMs: 1.5 }, ['timeoutMs: must be an integer']],
    ['operation', { timeoutMs: '100' }, ['timeoutMs: must be an integer']],
    ['operation', { timeoutMs: Number.NaN }, ['timeoutMs: must be an integer']],
    ['operation', { retry: {} }, ['retry.maxAttempts: is required', 'retry.backoffMs: is required']],
    ['operation', { retry: { maxAttempts: 0, backoffMs: 3_600_001 } }, ['retry.maxAttempts: must be from 1 to 10', 'retry.backoffMs: must be from 0 to 3600000']],
    ['operation', { retry: { maxAttempts: 11, backoffMs: 0.5 } }, ['retry.maxAttempts: must be from 1 to 10', 'retry.backoffMs: must be an integer']],
    ['operation', { requestSchemaId: 'x', responseSchemaId: true }, ['requestSchemaId: must be a GUID', 'responseSchemaId: must be a GUID']],
    ['channel', { kind: 'stream' }, ['kind: must be one of topic, queue, exchange']],
    ['channel', { name: undefined, kind: undefined }, ['name: is required', 'kind: is required']],
    ['subscription', { channelId: undefined, consumerId: 'c' }, ['channelId: is required', 'consumerId: must be a GUID']],
    ['subscription', { deadLetterChannelId: 'dl' }, ['deadLetterChannelId: must be a GUID']],
    ['subscription', { retry: 3 }, ['retry: must be an object or null']],
    ['binding', { sourceChannelId: undefined, targetChannelId: undefined }, ['sourceChannelId: is required', 'targetChannelId: is required']],
    ['binding', { routingKey: '' }, ['routingKey: must not be blank']],
    ['binding', { routingKey: '  ' }, ['routingKey: must not be blank']],
    ['binding', { routingKey: long(201) }, ['routingKey: must have at most 200 characters']],
    ['binding', { routingKey: 'a\u0001' }, ['routingKey: must not contain control characters']],
    ['binding', { routingKey: 5 }, ['routingKey: must be a string']],
  ])('%s with %j', (kind, change, expected) => {
    expect(reasons(kind, { ...minimal[kind], ...change })).toEqual(expected);
  });

  it.each([
    ['relationship', { label: 'uses\nREST', technology: 'HTTP\tJSON', lineShape: 'curve\r', provenance: { source: 'git:a\tb', revision: 'r\u0085' } }],
    ['element', { technology: 'k8s\u0007', tags: ['a\nb'], icon: 'i\u001f', stale: { sinceRevision: 'r\t1', reason: 'file\nremoved' } }],
  ] as const)('part 1 refuses control characters only in names, IDs, routing keys and headers: %s with %j is read', (kind, change) => {
    expect(reasons(kind, { ...minimal[kind], ...change })).toEqual([]);
  });

  it('counts characters, not UTF-16 units, against a limit', () => {
    expect(reasons('binding', { ...minimal.binding, routingKey: '🙂'.repeat(200) })).toEqual([]);
    expect(reasons('binding', { ...minimal.binding, routingKey: '🙂'.repeat(201) })).toEqual(['routingKey: must have at most 200 characters']);
  });

  it.each([null, 'text', 42, true, [], [minimal.element]])('refuses an entry that is not an object: %j', (entry) => {
    expect(reasons('element', entry)).toEqual([`entry: must be an object${entry === null ? ', not null' : ''}`]);
  });
});

describe('readRecord: unknown fields', () => {
  it('import mode ignores them, also inside nested objects', () => {
    const entry = { ...minimal.operation, futureField: 1, retry: { maxAttempts: 2, backoffMs: 10, jitter: true } };
    expect(readRecord('operation', entry, { mode: 'import' })).toMatchObject({ ok: true, record: { retry: { maxAttempts: 2, backoffMs: 10 } } });
    expect(Object.keys((readRecord('operation', entry, { mode: 'import' }) as { record: object }).record)).not.toContain('futureField');
  });

  it('import mode names each ignored member with its JSON path from the entry, and the field it probably meant', () => {
    const entry = { ...minimal.element, nmae: 'Shop', Tags: ['a'], 'odd key': 1, provenance: { sorce: 'git:x' }, stale: null };
    const result = readRecord('element', entry, { mode: 'import', at: '$.elements[3]' });
    expect(result.ok).toBe(true);
    expect(result.ignored).toEqual([
      { path: '$.elements[3].provenance.sorce', reason: 'provenance has no field sorce (did you mean source?); ignored' },
      { path: '$.elements[3].nmae', reason: 'an element has no field nmae (did you mean name?); ignored' },
      { path: '$.elements[3].Tags', reason: 'an element has no field Tags (did you mean tags?); ignored' },
      { path: '$.elements[3]["odd key"]', reason: 'an element has no field odd key; ignored' },
    ]);
    // A refused entry still names what it ignored; edit mode refuses instead of ignoring.
    expect(readRecord('channel', { id: A, nmae: 'x', kind: 'queue' }, { mode: 'import', at: '$.channels[0]' })).toMatchObject({
      ok: false,
      ignored: [{ path: '$.channels[0].nmae', reason: 'a channel has no field nmae (did you mean name?); ignored' }],
    });
    expect(readRecord('channel', { ...minimal.channel, colour: 'red' }, { mode: 'edit' }).ignored).toEqual([]);
  });

  it('edit mode refuses each one by name', () => {
    const entry = { ...minimal.channel, colour: 'red', __proto__x: 1, provenance: { source: 's', extra: 1 } };
    expect(reasons('channel', entry, 'edit')).toEqual(['provenance.extra: unknown field', 'colour: unknown field', '__proto__x: unknown field']);
  });

  it('treats a JSON key named __proto__ or constructor as data, not as the prototype', () => {
    const entry = JSON.parse(`{"id":"${A}","name":"n","kind":"queue","__proto__":{"factStatus":"inferred"},"constructor":1}`);
    expect(readRecord('channel', entry, { mode: 'import' })).toMatchObject({ ok: true, record: { factStatus: 'declared' } });
    expect(reasons('channel', entry, 'edit')).toEqual(['__proto__: unknown field', 'constructor: unknown field']);
  });
});
