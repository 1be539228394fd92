import { describe, expect, it } from 'vitest';
import { snapshotFromRecords } from './model-document';
import { modelKinds, modelLimits, sectionOfKind, type ModelKind, type ModelSnapshot } from './model-records';
import { binding, channel, element, guid, message, operation, relationship, schema, subscription } from '../../../test/support/model-fixtures';
import { importReadOrder, planImport, schemaIdsNamedIn, type ImportPlan } from './plan-import';
import { uuidV5 } from './uuid-v5';

const projectId = guid(0xaaa);
const streamId = guid(0xbbb);
const empty = snapshotFromRecords([]);

function plan(document: unknown, current: ModelSnapshot = empty, foreignSchemaIds: Iterable<string> = []): ImportPlan {
  return planImport({ current, document, projectId, streamId, foreignSchemaIds: new Set(foreignSchemaIds) });
}

/** The main model after writing a plan's upserts. */
function apply(current: ModelSnapshot, result: ImportPlan): ModelSnapshot {
  const all = modelKinds.flatMap((kind) => [...current[kind].values()].map((record) => ({ kind, record }) as never));
  return snapshotFromRecords([...all, ...result.upserts]);
}

const S = guid(1), A = guid(2), K = guid(3), U = guid(5);
const SCH = guid(10), TOPIC = guid(20), QUEUE = guid(21);

/** A document touching every kind, written as a client would (minimal fields). */
const fullDocument = {
  version: '1.0',
  project: { name: 'Shop' },
  elements: [
    { id: K, kind: 'component', name: 'Checkout', status: 'current', parentId: A },
    { id: A, kind: 'app', name: 'Web', status: 'current', parentId: S },
    { id: S, kind: 'system', name: 'Shop', status: 'current' },
    { id: U, kind: 'actor', name: 'Buyer', status: 'planned' },
  ],
  relationships: [{ id: guid(30), fromId: U, toId: A, label: 'buys with' }],
  messages: [{ id: guid(40), name: 'OrderPlaced', producerId: A, consumerIds: [K], schemaId: SCH }],
  schemas: [{ id: SCH, name: 'Order', content: '{"type":"object"}', version: 9 }],
  operations: [{ id: guid(50), ownerId: A, name: 'placeOrder', transport: 'http', requestSchemaId: SCH, timeoutMs: 3000, retry: { maxAttempts: 3, backoffMs: 100 } }],
  channels: [
    { id: TOPIC, name: 'orders', kind: 'topic' },
    { id: QUEUE, name: 'billing', kind: 'queue' },
  ],
  subscriptions: [{ id: guid(60), channelId: QUEUE, consumerId: K }],
  bindings: [{ id: guid(70), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'orders.*' }],
};

describe('planImport: the import result', () => {
  const result = plan(fullDocument);

  it('has one item per entry, by section in read order, entries in document order', () => {
    expect(result.tooLarge).toBeNull();
    expect(result.refusals).toEqual([]);
    expect(result.items.map((item) => [item.kind, item.id, item.name, item.change])).toEqual([
      ['element', K, 'Checkout', 'added'],
      ['element', A, 'Web', 'added'],
      ['element', S, 'Shop', 'added'],
      ['element', U, 'Buyer', 'added'],
      ['relationship', guid(30), 'buys with', 'added'],
      ['message', guid(40), 'OrderPlaced', 'added'],
      ['channel', TOPIC, 'orders', 'added'],
      ['channel', QUEUE, 'billing', 'added'],
      ['operation', guid(50), 'placeOrder', 'added'],
      ['subscription', guid(60), null, 'added'],
      ['binding', guid(70), null, 'added'],
      ['schema', SCH, 'Order', 'added'],
    ]);
    for (const item of result.items) expect(item).toMatchObject({ error: null, importedAs: null });
    expect(result.counts).toEqual({ added: 12, changed: 0, unchanged: 0, refused: 0 });
    expect(result.title).toBe('Model document read: 12 added, 0 changed, 0 unchanged');
    expect(importReadOrder).toEqual(['element', 'relationship', 'message', 'channel', 'operation', 'subscription', 'binding', 'schema']);
  });

  it('writes each record after what it refers to: schemas, then elements parent first', () => {
    expect(result.upserts.map((u) => [u.kind, u.record.id])).toEqual([
      ['schema', SCH],
      ['element', S],
      ['element', A],
      ['element', K],
      ['element', U],
      ['relationship', guid(30)],
      ['message', guid(40)],
      ['channel', TOPIC],
      ['channel', QUEUE],
      ['operation', guid(50)],
      ['subscription', guid(60)],
      ['binding', guid(70)],
    ]);
    expect(result.upserts.find((u) => u.kind === 'schema')?.record).toEqual(schema({ id: SCH, name: 'Order', content: '{"type":"object"}', version: 1 }));
    expect(result.upserts.find((u) => u.kind === 'operation')?.record).toEqual(
      operation({ id: guid(50), ownerId: A, name: 'placeOrder', requestSchemaId: SCH, timeoutMs: 3000, retry: { maxAttempts: 3, backoffMs: 100 } }),
    );
  });

  it('a second import of the same document changes nothing', () => {
    const again = plan(fullDocument, apply(empty, result));
    expect(again.refusals).toEqual([]);
    expect(again.counts).toEqual({ added: 0, changed: 0, unchanged: 12, refused: 0 });
    expect(again.upserts).toEqual([]);
  });

  it('a document from before bindings existed (no bindings key) plans fine', () => {
    const { bindings: _, ...old } = fullDocument;
    const older = plan(old);
    expect(older.refusals).toEqual([]);
    expect(older.counts.added).toBe(11);
    expect(older.items.some((item) => item.kind === 'binding')).toBe(false);
  });

  it('reads an empty object as an empty document', () => {
    expect(plan({})).toMatchObject({ tooLarge: null, items: [], refusals: [], upserts: [], counts: { added: 0, changed: 0, unchanged: 0, refused: 0 } });
  });
});

describe('planImport: upsert by ID (rules 1–3)', () => {
  const current = snapshotFromRecords([
    { kind: 'element', record: element({ id: S, name: 'Shop', description: 'old text', tags: ['a'] }) },
    { kind: 'element', record: element({ id: U, kind: 'actor', name: 'Kept, not in the document' }) },
  ]);

  it('updates an existing record to the document values, clearing a nullable field that is missing or null', () => {
    const result = plan({ elements: [{ id: S, kind: 'system', name: 'Shop', status: 'current', tags: ['a'] }] }, current);
    expect(result.items).toMatchObject([{ id: S, change: 'changed' }]);
    expect(result.upserts).toEqual([{ kind: 'element', record: element({ id: S, name: 'Shop', tags: ['a'] }) }]);
    const cleared = plan({ elements: [{ id: S, kind: 'system', name: 'Shop', status: 'current', description: null }] }, current);
    expect(cleared.upserts[0]?.record).toMatchObject({ description: null, tags: [] });
  });

  it('an entry equal to the stored record is unchanged, whatever the key order and defaults', () => {
    const result = plan({ elements: [{ tags: ['a'], status: 'current', description: 'old text', name: 'Shop', kind: 'system', id: S.toUpperCase(), factStatus: '' }] }, current);
    expect(result.items).toMatchObject([{ id: S, change: 'unchanged' }]);
    expect(result.upserts).toEqual([]);
  });

  it('removes nothing: records missing from the document are not in the plan', () => {
    const result = plan({ elements: [] }, current);
    expect(result.upserts).toEqual([]);
    expect(result.items).toEqual([]);
  });
});

describe('planImport: stale marks and schema versions', () => {
  const mark = { sinceRevision: 'abc', reason: 'evidence-not-found' };
  const other = { sinceRevision: 'def', reason: 'moved' };
  const current = snapshotFromRecords([
    { kind: 'channel', record: channel({ id: TOPIC, name: 'orders', stale: mark }) },
    { kind: 'channel', record: channel({ id: QUEUE, name: 'billing', kind: 'queue' }) },
    { kind: 'schema', record: schema({ id: SCH, content: 'A', version: 4 }) },
    { kind: 'schema', record: schema({ id: guid(11), content: 'B', version: 2 }) },
  ]);

  it('keeps an existing mark and ignores the document one; a record without a mark takes the document one', () => {
    const result = plan(
      {
        channels: [
          { id: TOPIC, name: 'orders', kind: 'topic', stale: other },
          { id: QUEUE, name: 'billing', kind: 'queue', stale: other },
          { id: guid(22), name: 'new', kind: 'queue', stale: other },
        ],
      },
      current,
    );
    expect(result.items.map((item) => item.change)).toEqual(['unchanged', 'changed', 'added']);
    expect(result.upserts.map((u) => u.record)).toEqual([
      channel({ id: QUEUE, name: 'billing', kind: 'queue', stale: other }),
      channel({ id: guid(22), name: 'new', kind: 'queue', stale: other }),
    ]);
    // No mark in the document does not remove the stored one either.
    const noMark = plan({ channels: [{ id: TOPIC, name: 'orders', kind: 'topic' }] }, current);
    expect(noMark.items).toMatchObject([{ change: 'unchanged' }]);
  });

  it('schema version: same content keeps it, new content counts up, a new schema is 1', () => {
    const result = plan(
      {
        schemas: [
          { id: SCH, name: 'Renamed', content: 'A', version: 100 },
          { id: guid(11), name: 'Schema', content: 'B2' },
          { id: guid(12), name: 'New', content: 'C', version: 5 },
        ],
      },
      current,
    );
    expect(result.items.map((item) => item.change)).toEqual(['changed', 'changed', 'added']);
    expect(result.upserts.map((u) => [u.record.id, (u.record as { version: number }).version])).toEqual([
      [SCH, 4],
      [guid(11), 3],
      [guid(12), 1],
    ]);
    const same = plan({ schemas: [{ id: SCH, name: 'Schema', content: 'A', version: 1 }] }, current);
    expect(same.items).toMatchObject([{ change: 'unchanged' }]);
  });
});

describe('planImport: lists', () => {
  it.each(importReadOrder)('refuses %s holding null, and names it', (kind) => {
    const section = sectionOfKind[kind];
    const result = plan({ ...fullDocument, [section]: null });
    expect(result.refusals).toContainEqual({ field: section, message: 'must be a list, not null' });
    expect(result.upserts).toEqual([]);
    expect(result.tooLarge).toBeNull();
  });

  it.each([{}, 'x', 3, true])('refuses a list that is not a list: %j', (value) => {
    const result = plan({ elements: value });
    expect(result.documentRefused).toBe(true);
    expect(result.refusals).toEqual([{ field: 'elements', message: 'must be a list' }]);
    expect(result.title).toBe('Model document refused: elements: must be a list');
  });

  it('still reads the other lists when one is refused', () => {
    const result = plan({ relationships: 'x', channels: [{ id: TOPIC, name: 7, kind: 'topic' }] });
    expect(result.refusals).toEqual([
      { field: 'relationships', message: 'must be a list' },
      { field: `channel:${TOPIC}`, message: 'name: must be a string' },
    ]);
  });

  it.each([null, [], 'text', 42, true])('refuses a document that is not an object: %j', (document) => {
    const result = plan(document);
    expect(result.documentRefused).toBe(true);
    expect(result.refusals).toEqual([{ field: 'document', message: 'must be an object holding the lists of the model' }]);
    expect(result.items).toEqual([]);
    expect(result.upserts).toEqual([]);
  });

  it.each(modelKinds)('a %s list longer than its limit makes the whole import too large', (kind) => {
    const limit = modelLimits.listEntries[kind];
    const section = sectionOfKind[kind];
    const result = plan({ ...fullDocument, [section]: new Array(limit + 1).fill(null) });
    expect(result.tooLarge).toEqual({ kind, count: limit + 1, limit });
    expect(result.items).toEqual([]);
    expect(result.upserts).toEqual([]);
    expect(result.refusals).toEqual([{ field: section, message: `has ${limit + 1} entries; at most ${limit} are allowed` }]);
    // At the limit itself it is read.
    expect(plan({ [section]: new Array(limit).fill(null) }).tooLarge).toBeNull();
  });
});

describe('planImport: every refusal cause of the import error table', () => {
  const X = guid(999);
  const withEntry = (section: string, entry: unknown, replace = false): Record<string, unknown> => {
    const list = (fullDocument as unknown as Record<string, unknown[]>)[section] ?? [];
    return { ...fullDocument, [section]: replace ? [entry] : [...list, entry] };
  };
  it.each<[string, string, unknown, ModelKind, string, string]>([
    ['required field missing', 'elements', { id: guid(100), kind: 'system', status: 'current' }, 'element', guid(100), 'name: is required'],
    ['required field of wrong type', 'operations', { id: guid(100), ownerId: A, name: 'x', transport: 'http', timeoutMs: '3000' }, 'operation', guid(100), 'timeoutMs: must be an integer'],
    ['list holding null as an entry', 'channels', null, 'channel', '#2', 'entry: must be an object, not null'],
    ['element kind outside its set', 'elements', { id: guid(100), kind: 'service', name: 'x', status: 'current' }, 'element', guid(100), 'kind: must be one of actor, system, app, store, component'],
    ['status outside its set', 'elements', { id: guid(100), kind: 'actor', name: 'x', status: 'live' }, 'element', guid(100), 'status: must be one of current, planned, deprecated, removed'],
    ['transport outside its set', 'operations', { id: guid(100), ownerId: A, name: 'x', transport: 'smtp' }, 'operation', guid(100), 'transport: must be one of http, grpc, command'],
    ['factStatus outside its set', 'channels', { id: guid(100), name: 'x', kind: 'queue', factStatus: 'guessed' }, 'channel', guid(100), 'factStatus: must be one of declared, observed-in-source, inferred, measured, unknown'],
    ['parent not in the model', 'elements', { id: guid(100), kind: 'app', name: 'x', status: 'current', parentId: X }, 'element', guid(100), `parentId: no element ${X} in the model`],
    ['source not in the model', 'relationships', { id: guid(100), fromId: X, toId: A }, 'relationship', guid(100), `fromId: no element ${X} in the model`],
    ['target not in the model', 'relationships', { id: guid(100), fromId: A, toId: X }, 'relationship', guid(100), `toId: no element ${X} in the model`],
    ['producer not in the model', 'messages', { id: guid(100), name: 'm', producerId: X }, 'message', guid(100), `producerId: no element ${X} in the model`],
    ['consumer not in the model', 'messages', { id: guid(100), name: 'm', producerId: A, consumerIds: [X] }, 'message', guid(100), `consumerIds: no element ${X} in the model`],
    ['owner not in the model', 'operations', { id: guid(100), ownerId: X, name: 'o', transport: 'grpc' }, 'operation', guid(100), `ownerId: no element ${X} in the model`],
    ['channel not in the model', 'subscriptions', { id: guid(100), channelId: X, consumerId: K }, 'subscription', guid(100), `channelId: no channel ${X} in the model`],
    ['binding channel not in the model', 'bindings', { id: guid(100), sourceChannelId: X, targetChannelId: QUEUE }, 'binding', guid(100), `sourceChannelId: no channel ${X} in the model`],
    ['schema not in document nor project', 'messages', { id: guid(100), name: 'm', producerId: A, schemaId: X }, 'message', guid(100), `schemaId: no schema ${X} in the model`],
    ['response schema not in document nor project', 'operations', { id: guid(100), ownerId: A, name: 'o', transport: 'command', responseSchemaId: X }, 'operation', guid(100), `responseSchemaId: no schema ${X} in the model`],
    ['wrong parent kind', 'elements', { id: guid(100), kind: 'component', name: 'x', status: 'current', parentId: S }, 'element', guid(100), 'parentId: the parent of an element of kind component must be of kind app, not system'],
    ['empty name', 'channels', { id: guid(100), name: '', kind: 'queue' }, 'channel', guid(100), 'name: must not be empty'],
    ['missing provenance required by the label', 'channels', { id: guid(100), name: 'c', kind: 'queue', factStatus: 'observed-in-source' }, 'channel', guid(100), 'provenance.source: is required when factStatus is observed-in-source'],
    ['schema ID repeated', 'schemas', { id: SCH, name: 'Again', content: 'x' }, 'schema', SCH, 'id: occurs more than once in schemas (the first occurrence is the one read)'],
    ['schema ID in use as the model stream', 'schemas', { id: streamId, name: 'S', content: 'x' }, 'schema', streamId, "id: must not be the ID of the project's model stream"],
    ['schema ID in use by another kind', 'schemas', { id: TOPIC, name: 'S', content: 'x' }, 'schema', TOPIC, 'id: already used by a channel in the model'],
    ['binding repeated (same source, target and routing key)', 'bindings', { id: guid(100), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'orders.*' }, 'binding', guid(100), `routingKey: binding ${guid(70)} has the same source, target and routing key`],
    ['dead-letter channel is the channel', 'subscriptions', { id: guid(100), channelId: QUEUE, consumerId: K, deadLetterChannelId: QUEUE }, 'subscription', guid(100), 'deadLetterChannelId: must be a channel other than channelId'],
    ['binding from a queue', 'bindings', { id: guid(100), sourceChannelId: QUEUE, targetChannelId: TOPIC }, 'binding', guid(100), 'sourceChannelId: must be a channel of kind exchange or topic, not queue; targetChannelId: must be a channel of kind queue or exchange, not topic'],
  ])('%s', (_, section, entry, kind, id, message) => {
    const result = plan(withEntry(section, entry));
    expect(result.refusals).toEqual([{ field: `${kind}:${id}`, message }]);
    expect(result.counts.refused).toBe(1);
    const refused = result.items.filter((item) => item.change === 'refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ kind, id, change: 'refused', error: message, importedAs: null });
    expect(result.upserts).toEqual([]);
    expect(result.title).toBe(`Model document refused: ${kind} ${id}: ${message.split('; ')[0]}`);
  });

  it('refuses changing the kind of an existing element (rule 4: the document is refused)', () => {
    const current = apply(empty, plan(fullDocument));
    const result = plan({ elements: [{ id: U, kind: 'system', name: 'Buyer', status: 'planned' }] }, current);
    expect(result.refusals).toEqual([{ field: `element:${U}`, message: 'kind: cannot change from actor to system on an existing element' }]);
  });

  it('keeps the stored ends of an existing relationship and updates the rest, reporting the other ends as ignored (rule 4)', () => {
    const current = apply(empty, plan(fullDocument));
    const stored = current.relationship.get(guid(30))!;
    const result = plan({ relationships: [{ id: guid(30), fromId: K, toId: U, label: 'now labelled' }] }, current);
    expect(result.refusals).toEqual([]);
    expect(result.items).toEqual([expect.objectContaining({ kind: 'relationship', id: guid(30), change: 'changed', error: null })]);
    const written = result.upserts.find((u) => u.record.id === guid(30))!.record as typeof stored;
    expect([written.fromId, written.toId, written.label]).toEqual([stored.fromId, stored.toId, 'now labelled']);
    expect(result.ignored.map((i) => i.path)).toEqual(['$.relationships[0].fromId', '$.relationships[0].toId']);
    expect(result.ignored.every((i) => /of an existing relationship does not change/.test(i.reason))).toBe(true);
  });

  it('names an entry without a usable ID by its raw ID or its position', () => {
    const result = plan({ channels: [{ name: 'a', kind: 'queue' }, { id: 'orders', name: 'b', kind: 'queue' }, { id: 7, name: 'c', kind: 'queue' }, { id: 'x'.repeat(65), name: 'd', kind: 'queue' }] });
    expect(result.refusals).toEqual([
      { field: 'channel:#0', message: 'id: is required' },
      { field: 'channel:orders', message: 'id: must be a GUID' },
      { field: 'channel:#2', message: 'id: must be a GUID' },
      { field: 'channel:#3', message: 'id: must be a GUID' },
    ]);
    expect(result.items.map((item) => [item.id, item.name])).toEqual([
      ['#0', 'a'],
      ['orders', 'b'],
      ['#2', 'c'],
      ['#3', 'd'],
    ]);
    expect(result.title).toBe('Model document refused: channel #0: id: is required');
  });

  it('reads every entry after a refusal and names each refused one, with all its reasons', () => {
    const result = plan({
      elements: [
        { id: S, kind: 'system', name: '', status: 'gone' },
        { id: U, kind: 'actor', name: 'ok', status: 'current' },
      ],
      relationships: [{ id: guid(30), fromId: U, toId: S }],
      channels: [{ id: TOPIC, name: 'x', kind: 'pipe' }],
    });
    expect(result.refusals).toEqual([
      { field: `element:${S}`, message: 'name: must not be empty; status: must be one of current, planned, deprecated, removed' },
      // The refused element is not in the model, so what refers to it is refused too.
      { field: `relationship:${guid(30)}`, message: `toId: no element ${S} in the model` },
      { field: `channel:${TOPIC}`, message: 'kind: must be one of topic, queue, exchange' },
    ]);
    expect(result.counts).toEqual({ added: 1, changed: 0, unchanged: 0, refused: 3 });
    expect(result.items[1]).toMatchObject({ id: U, change: 'added' });
    expect(result.upserts).toEqual([]);
    expect(result.title).toBe(`Model document refused: element ${S}: name: must not be empty`);
  });

  it('refuses the second and later entries with one ID in any list', () => {
    const result = plan({
      elements: [
        { id: U, kind: 'actor', name: 'first', status: 'current' },
        { id: U.toUpperCase(), kind: 'actor', name: 'second', status: 'current' },
      ],
    });
    expect(result.items.map((item) => item.change)).toEqual(['added', 'refused']);
    expect(result.refusals).toEqual([{ field: `element:${U}`, message: 'id: occurs more than once in elements (the first occurrence is the one read)' }]);
  });

  it('refuses an ID used by two kinds in one document', () => {
    const result = plan({ elements: [{ id: U, kind: 'actor', name: 'a', status: 'current' }], channels: [{ id: U, name: 'c', kind: 'queue' }] });
    expect(result.refusals).toEqual([{ field: `channel:${U}`, message: 'id: already used by an element in the model' }]);
  });
});

describe('planImport: read order (rule 6)', () => {
  it('reads an element after its parent, whatever the document order, also for deep chains', () => {
    const depth = 3000;
    // A chain of apps is wrong by kind, but shows the ordering alone: listed leaf first.
    const chain = Array.from({ length: depth }, (_, i) => ({ id: guid(1000 + i), kind: i === 0 ? 'system' : 'app', name: `e${i}`, status: 'current', parentId: i === 0 ? null : guid(1000 + i - 1) })).reverse();
    const result = plan({ elements: chain });
    expect(result.items[depth - 1]).toMatchObject({ id: guid(1000), change: 'added' });
    expect(result.items[depth - 2]).toMatchObject({ id: guid(1001), change: 'added' });
    // The third level is an app under an app: refused for its parent kind, not for a missing parent.
    expect(result.items[depth - 3]).toMatchObject({ change: 'refused', error: 'parentId: the parent of an element of kind app must be of kind system, not app' });
  });

  it('reads elements caught in a parent loop last, and refuses them', () => {
    const result = plan({
      elements: [
        { id: guid(101), kind: 'app', name: 'a', status: 'current', parentId: guid(102) },
        { id: guid(102), kind: 'app', name: 'b', status: 'current', parentId: guid(101) },
        { id: S, kind: 'system', name: 's', status: 'current' },
      ],
    });
    expect(result.items.map((item) => [item.id, item.change])).toEqual([
      [guid(101), 'refused'],
      [guid(102), 'refused'],
      [S, 'added'],
    ]);
    expect(result.items[0]?.error).toBe(`parentId: no element ${guid(102)} in the model`);
    expect(result.items[1]?.error).toBe(`parentId: no element ${guid(101)} in the model`);
  });

  it('lets one document re-point a binding and change the kind of the channel it left', () => {
    const current = apply(empty, plan(fullDocument));
    const result = plan(
      {
        channels: [
          { id: TOPIC, name: 'orders', kind: 'queue' },
          { id: guid(23), name: 'events', kind: 'exchange' },
        ],
        bindings: [{ id: guid(70), sourceChannelId: guid(23), targetChannelId: QUEUE, routingKey: 'orders.*' }],
      },
      current,
    );
    expect(result.refusals).toEqual([]);
    // Without the re-pointed binding, the kind change is refused at the channel.
    const alone = plan({ channels: [{ id: TOPIC, name: 'orders', kind: 'queue' }] }, current);
    expect(alone.refusals).toEqual([{ field: `channel:${TOPIC}`, message: `kind: binding ${guid(70)} uses this channel as its source, which must be of kind exchange or topic` }]);
  });

  it('lets one document swap the routing keys of two bindings, and refuses the later of two equal bindings', () => {
    const current = apply(empty, plan({ ...fullDocument, bindings: [...fullDocument.bindings, { id: guid(71), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'b' }] }));
    const swap = plan(
      {
        bindings: [
          { id: guid(70), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'b' },
          { id: guid(71), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'orders.*' },
        ],
      },
      current,
    );
    expect(swap.refusals).toEqual([]);
    expect(swap.counts.changed).toBe(2);
    const twice = plan({
      ...fullDocument,
      bindings: [
        { id: guid(71), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'k' },
        { id: guid(72), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'k' },
      ],
    });
    expect(twice.refusals).toEqual([{ field: `binding:${guid(72)}`, message: `routingKey: binding ${guid(71)} has the same source, target and routing key` }]);
  });

  it('resolves schema references to schemas later in the document or already in the project (rule 5)', () => {
    const current = snapshotFromRecords([{ kind: 'schema', record: schema({ id: guid(11) }) }]);
    const result = plan(
      {
        elements: [{ id: S, kind: 'system', name: 's', status: 'current' }],
        operations: [{ id: guid(50), ownerId: S, name: 'o', transport: 'http', requestSchemaId: SCH, responseSchemaId: guid(11) }],
        schemas: [{ id: SCH, name: 'in document', content: 'x' }],
      },
      current,
    );
    expect(result.refusals).toEqual([]);
  });
});

describe('planImport: schemas owned by another project (rule 9)', () => {
  const foreign = [SCH.toUpperCase()];
  const newId = uuidV5(projectId, SCH);
  const document = {
    elements: [{ id: S, kind: 'system', name: 's', status: 'current' }],
    messages: [{ id: guid(40), name: 'm', producerId: S, schemaId: SCH.toUpperCase() }],
    operations: [{ id: guid(50), ownerId: S, name: 'o', transport: 'http', requestSchemaId: SCH, responseSchemaId: SCH }],
    schemas: [{ id: SCH, name: 'Order', content: 'x' }],
  };

  it('gives the schema a derived ID and rewrites every reference to it', () => {
    const result = plan(document, empty, foreign);
    expect(result.refusals).toEqual([]);
    expect(result.items.find((item) => item.kind === 'schema')).toEqual({ kind: 'schema', id: SCH, name: 'Order', change: 'added', error: null, importedAs: newId });
    expect(result.items.filter((item) => item.kind !== 'schema').every((item) => item.importedAs === null)).toBe(true);
    expect(result.upserts.find((u) => u.kind === 'schema')?.record.id).toBe(newId);
    expect(result.upserts.find((u) => u.kind === 'message')?.record).toMatchObject({ schemaId: newId });
    expect(result.upserts.find((u) => u.kind === 'operation')?.record).toMatchObject({ requestSchemaId: newId, responseSchemaId: newId });
  });

  it('is deterministic: the same document gives the same IDs, and a second import changes and adds nothing', () => {
    const first = plan(document, empty, foreign);
    expect(plan(document, empty, foreign)).toEqual(first);
    const second = plan(document, apply(empty, first), foreign);
    expect(second.refusals).toEqual([]);
    expect(second.counts).toEqual({ added: 0, changed: 0, unchanged: 4, refused: 0 });
    expect(second.items.find((item) => item.kind === 'schema')?.importedAs).toBe(newId);
  });

  it('keeps the ID in the owning project', () => {
    const result = plan(document);
    expect(result.upserts.find((u) => u.kind === 'schema')?.record.id).toBe(SCH);
    expect(result.items.find((item) => item.kind === 'schema')?.importedAs).toBeNull();
  });

  it('refuses the later of two schemas that would get one ID: another project’s schema and the ID it is re-keyed to', () => {
    for (const order of [
      [SCH, newId],
      [newId, SCH],
    ]) {
      const result = plan({ schemas: order.map((id, i) => ({ id, name: `s${i}`, content: '{}' })) }, empty, foreign);
      expect(result.upserts).toEqual([]);
      expect(result.refusals).toEqual([
        { field: `schema:${order[1]}`, message: `id: would be imported as ${newId}, which another schema of the document is imported as (a schema another project owns gets a derived ID here)` },
      ]);
      expect(result.counts).toMatchObject({ added: 1, refused: 1 });
      expect(result.documentRefused).toBe(false);
    }
  });

  it('schemaIdsNamedIn lists the schema IDs a caller must look up', () => {
    expect(schemaIdsNamedIn(document)).toEqual([SCH]);
    expect(schemaIdsNamedIn({ schemas: [{ id: guid(12) }, null, 'x'], messages: [{ schemaId: guid(11) }], operations: [{ requestSchemaId: 'no', responseSchemaId: guid(13).toUpperCase() }] })).toEqual([guid(11), guid(12), guid(13)]);
    expect(schemaIdsNamedIn(null)).toEqual([]);
    expect(schemaIdsNamedIn({ schemas: 'x' })).toEqual([]);
  });
});

describe('planImport: fixtures used in the other tests are valid', () => {
  it('the builders give records that import unchanged', () => {
    const records = [
      { kind: 'element', record: element({ id: S }) },
      { kind: 'element', record: element({ id: A, kind: 'app', parentId: S }) },
      { kind: 'relationship', record: relationship({ id: guid(30), fromId: S, toId: A }) },
      { kind: 'message', record: message({ id: guid(40), producerId: A }) },
      { kind: 'channel', record: channel({ id: TOPIC }) },
      { kind: 'channel', record: channel({ id: QUEUE, kind: 'queue' }) },
      { kind: 'subscription', record: subscription({ id: guid(60), channelId: QUEUE, consumerId: A }) },
      { kind: 'binding', record: binding({ id: guid(70), sourceChannelId: TOPIC, targetChannelId: QUEUE }) },
    ] as const;
    const current = snapshotFromRecords(records);
    const document = Object.fromEntries(modelKinds.map((kind: ModelKind) => [sectionOfKind[kind], [...current[kind].values()]]));
    expect(plan(document, current).counts).toEqual({ added: 0, changed: 0, unchanged: records.length, refused: 0 });
  });
});

describe('planImport: ignored members', () => {
  it('names each member no field reads with its JSON path, top level first, then by list and entry, and still imports', () => {
    const document = {
      ...fullDocument,
      project: { name: 'Shop', owner: 'me' },
      element: [],
      elements: [{ ...fullDocument.elements[0], nmae: 'x' }, ...fullDocument.elements.slice(1)],
      operations: [{ ...fullDocument.operations[0], retry: { maxAttempts: 3, backoffMs: 100, jitter: true } }],
      schemas: [{ ...fullDocument.schemas[0], contents: 'x' }],
    };
    const result = plan(document);
    expect(result.refusals).toEqual([]);
    expect(result.ignored).toEqual([
      { path: '$.element', reason: 'the model document has no field element (did you mean elements?); ignored' },
      { path: '$.project.owner', reason: 'project has no field owner; ignored' },
      { path: '$.elements[0].nmae', reason: 'an element has no field nmae (did you mean name?); ignored' },
      { path: '$.operations[0].retry.jitter', reason: 'a retry policy has no field jitter; ignored' },
      { path: '$.schemas[0].contents', reason: 'a schema has no field contents (did you mean content?); ignored' },
    ]);
    // The export's own document has no ignored member; the plan of a clean document reports none.
    expect(plan(fullDocument).ignored).toEqual([]);
  });
});
