import { describe, expect, it } from 'vitest';
import { snapshotFromRecords } from './model-document';
import type { ModelKind, ModelSnapshot, RecordOfKind } from './model-records';
import {
  checkBindingUnique,
  checkChannelKindFitsBindings,
  checkParentCycle,
  checkProvenanceForLabel,
  checkRecord,
  findReferrers,
} from './model-rules';
import { binding, channel, element, guid, message, operation, relationship, schema, subscription } from '../../../test/support/model-fixtures';
import { overlayModel, type ModelChange } from './overlay-model';

const streamId = guid(0xfff);
// A small valid model: system S > app A > component K; store D in S; actor U.
const S = guid(1), A = guid(2), K = guid(3), D = guid(4), U = guid(5);
const SCH = guid(10), TOPIC = guid(20), QUEUE = guid(21), EXCH = guid(22), QUEUE2 = guid(23);
const base: ModelSnapshot = snapshotFromRecords([
  { kind: 'element', record: element({ id: S, kind: 'system' }) },
  { kind: 'element', record: element({ id: A, kind: 'app', parentId: S }) },
  { kind: 'element', record: element({ id: K, kind: 'component', parentId: A }) },
  { kind: 'element', record: element({ id: D, kind: 'store', parentId: S }) },
  { kind: 'element', record: element({ id: U, kind: 'actor' }) },
  { kind: 'schema', record: schema({ id: SCH }) },
  { kind: 'channel', record: channel({ id: TOPIC, kind: 'topic' }) },
  { kind: 'channel', record: channel({ id: QUEUE, kind: 'queue' }) },
  { kind: 'channel', record: channel({ id: EXCH, kind: 'exchange' }) },
  { kind: 'channel', record: channel({ id: QUEUE2, kind: 'queue' }) },
  { kind: 'relationship', record: relationship({ id: guid(30), fromId: U, toId: A }) },
  { kind: 'message', record: message({ id: guid(40), producerId: A, consumerIds: [K, D], schemaId: SCH }) },
  { kind: 'operation', record: operation({ id: guid(50), ownerId: A, requestSchemaId: SCH, responseSchemaId: SCH }) },
  { kind: 'subscription', record: subscription({ id: guid(60), channelId: QUEUE, consumerId: K, deadLetterChannelId: QUEUE2 }) },
  { kind: 'binding', record: binding({ id: guid(70), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'orders.*' }) },
]);

/** The reasons of one change against the base model (the model after = base + the change). */
function check<K extends ModelKind>(kind: K, record: RecordOfKind[K], more: ModelChange[] = []): string[] {
  const after = overlayModel(base, [...more, { kind, record } as ModelChange]);
  return checkRecord(kind, record, after, { streamId, before: base });
}

describe('checkRecord: every record of the valid model passes', () => {
  it('each record, checked against the model it is in', () => {
    for (const kind of ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding'] as const) {
      for (const record of base[kind].values()) expect(checkRecord(kind, record as never, base, { streamId, before: base }), `${kind} ${record.id}`).toEqual([]);
    }
  });
});

describe('parent by kind', () => {
  it.each([
    ['actor with no parent', element({ id: guid(100), kind: 'actor' }), []],
    ['system with no parent', element({ id: guid(100), kind: 'system' }), []],
    ['app in a system', element({ id: guid(100), kind: 'app', parentId: S }), []],
    ['store in a system', element({ id: guid(100), kind: 'store', parentId: S }), []],
    ['component in an app', element({ id: guid(100), kind: 'component', parentId: A }), []],
    ['actor with a parent', element({ id: guid(100), kind: 'actor', parentId: S }), ['parentId: must be null for an element of kind actor']],
    ['system with a parent', element({ id: guid(100), kind: 'system', parentId: S }), ['parentId: must be null for an element of kind system']],
    ['app without parent', element({ id: guid(100), kind: 'app' }), ['parentId: an element of kind app needs a parent of kind system']],
    ['store without parent', element({ id: guid(100), kind: 'store' }), ['parentId: an element of kind store needs a parent of kind system']],
    ['component without parent', element({ id: guid(100), kind: 'component' }), ['parentId: an element of kind component needs a parent of kind app']],
    ['app in an app', element({ id: guid(100), kind: 'app', parentId: A }), ['parentId: the parent of an element of kind app must be of kind system, not app']],
    ['store in a store', element({ id: guid(100), kind: 'store', parentId: D }), ['parentId: the parent of an element of kind store must be of kind system, not store']],
    ['component in a system', element({ id: guid(100), kind: 'component', parentId: S }), ['parentId: the parent of an element of kind component must be of kind app, not system']],
    ['component in a component', element({ id: guid(100), kind: 'component', parentId: K }), ['parentId: the parent of an element of kind component must be of kind app, not component']],
    ['app with a parent not in the model', element({ id: guid(100), kind: 'app', parentId: guid(999) }), [`parentId: no element ${guid(999)} in the model`]],
  ])('%s', (_, record, expected) => {
    expect(check('element', record)).toEqual(expected);
  });
});

describe('parent cycles', () => {
  it('an element cannot be its own parent or ancestor', () => {
    const self = element({ id: guid(100), kind: 'component', parentId: guid(100) });
    expect(check('element', self)).toContain('parentId: the element would be its own ancestor');
    // A two-step loop, as the kinds alone cannot forbid when checked one record at a time.
    const a = element({ id: guid(101), kind: 'app', parentId: guid(102) });
    const b = element({ id: guid(102), kind: 'app', parentId: guid(101) });
    const after = overlayModel(base, [{ kind: 'element', record: a }, { kind: 'element', record: b }]);
    expect(checkParentCycle(a, after)).toEqual(['parentId: the element would be its own ancestor']);
    expect(checkParentCycle(element({ id: guid(103), kind: 'app', parentId: guid(101) }), after)).toEqual([]);
  });
});

describe('references inside the model', () => {
  const X = guid(999);
  it.each<[string, ModelKind, RecordOfKind[ModelKind], string[]]>([
    ['relationship from', 'relationship', relationship({ id: guid(100), fromId: X, toId: A }), [`fromId: no element ${X} in the model`]],
    ['relationship to', 'relationship', relationship({ id: guid(100), fromId: A, toId: X }), [`toId: no element ${X} in the model`]],
    ['relationship to a channel', 'relationship', relationship({ id: guid(100), fromId: A, toId: TOPIC }), [`toId: no element ${TOPIC} in the model`]],
    ['message producer', 'message', message({ id: guid(100), producerId: X }), [`producerId: no element ${X} in the model`]],
    ['message consumer', 'message', message({ id: guid(100), producerId: A, consumerIds: [K, X] }), [`consumerIds: no element ${X} in the model`]],
    ['message schema', 'message', message({ id: guid(100), producerId: A, schemaId: X }), [`schemaId: no schema ${X} in the model`]],
    ['operation owner', 'operation', operation({ id: guid(100), ownerId: X }), [`ownerId: no element ${X} in the model`]],
    ['operation request schema', 'operation', operation({ id: guid(100), ownerId: A, requestSchemaId: X }), [`requestSchemaId: no schema ${X} in the model`]],
    ['operation response schema', 'operation', operation({ id: guid(100), ownerId: A, responseSchemaId: A }), [`responseSchemaId: no schema ${A} in the model`]],
    ['subscription channel', 'subscription', subscription({ id: guid(100), channelId: X, consumerId: K }), [`channelId: no channel ${X} in the model`]],
    ['subscription consumer', 'subscription', subscription({ id: guid(100), channelId: QUEUE, consumerId: X }), [`consumerId: no element ${X} in the model`]],
    ['subscription dead letter', 'subscription', subscription({ id: guid(100), channelId: QUEUE, consumerId: K, deadLetterChannelId: X }), [`deadLetterChannelId: no channel ${X} in the model`]],
    ['subscription dead letter = channel', 'subscription', subscription({ id: guid(100), channelId: QUEUE, consumerId: K, deadLetterChannelId: QUEUE }), ['deadLetterChannelId: must be a channel other than channelId']],
    ['binding source', 'binding', binding({ id: guid(100), sourceChannelId: X, targetChannelId: QUEUE }), [`sourceChannelId: no channel ${X} in the model`]],
    ['binding target', 'binding', binding({ id: guid(100), sourceChannelId: TOPIC, targetChannelId: X }), [`targetChannelId: no channel ${X} in the model`]],
    ['binding source is a queue', 'binding', binding({ id: guid(100), sourceChannelId: QUEUE, targetChannelId: QUEUE2 }), ['sourceChannelId: must be a channel of kind exchange or topic, not queue']],
    ['binding target is a topic', 'binding', binding({ id: guid(100), sourceChannelId: EXCH, targetChannelId: TOPIC }), ['targetChannelId: must be a channel of kind queue or exchange, not topic']],
    ['binding target = source', 'binding', binding({ id: guid(100), sourceChannelId: EXCH, targetChannelId: EXCH }), ['targetChannelId: must not be the source channel']],
    ['binding topic to exchange', 'binding', binding({ id: guid(100), sourceChannelId: TOPIC, targetChannelId: EXCH }), []],
    ['binding exchange to queue', 'binding', binding({ id: guid(100), sourceChannelId: EXCH, targetChannelId: QUEUE }), []],
  ])('%s', (_, kind, record, expected) => {
    expect(check(kind, record as never)).toEqual(expected);
  });
});

describe('binding identity', () => {
  it.each([
    ['same triple, other ID', binding({ id: guid(100), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'orders.*' }), [`routingKey: binding ${guid(70)} has the same source, target and routing key`]],
    ['other routing key', binding({ id: guid(100), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'orders.#' }), []],
    ['no routing key', binding({ id: guid(100), sourceChannelId: TOPIC, targetChannelId: QUEUE }), []],
    ['the same binding again', binding({ id: guid(70), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'orders.*' }), []],
  ])('%s', (_, record, expected) => {
    expect(check('binding', record)).toEqual(expected);
  });

  it('a binding that moved away frees its old triple', () => {
    const moved = binding({ id: guid(70), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'other' });
    const taker = binding({ id: guid(100), sourceChannelId: TOPIC, targetChannelId: QUEUE, routingKey: 'orders.*' });
    expect(check('binding', taker, [{ kind: 'binding', record: moved }])).toEqual([]);
    const after = overlayModel(base, [{ kind: 'binding', record: taker }, { kind: 'binding', delete: guid(70) }]);
    expect(checkBindingUnique(taker, after)).toEqual([]);
  });

  it('null and a routing key are different identities', () => {
    const a = binding({ id: guid(100), sourceChannelId: EXCH, targetChannelId: QUEUE, routingKey: null });
    const b = binding({ id: guid(101), sourceChannelId: EXCH, targetChannelId: QUEUE, routingKey: 'null' });
    expect(check('binding', b, [{ kind: 'binding', record: a }])).toEqual([]);
  });
});

describe('a channel kind must suit its bindings', () => {
  it.each([
    ['topic source becomes queue', channel({ id: TOPIC, kind: 'queue' }), [`kind: binding ${guid(70)} uses this channel as its source, which must be of kind exchange or topic`]],
    ['topic source becomes exchange', channel({ id: TOPIC, kind: 'exchange' }), []],
    ['queue target becomes topic', channel({ id: QUEUE, kind: 'topic' }), [`kind: binding ${guid(70)} uses this channel as its target, which must be of kind queue or exchange`]],
    ['queue target becomes exchange', channel({ id: QUEUE, kind: 'exchange' }), []],
  ])('%s', (_, record, expected) => {
    expect(check('channel', record)).toEqual(expected);
    const after = overlayModel(base, [{ kind: 'channel', record }]);
    expect(checkChannelKindFitsBindings(record, after)).toEqual(expected);
  });
});

describe('identity and immutability', () => {
  it('an ID is used by one kind only', () => {
    expect(check('channel', channel({ id: A }))).toEqual(['id: already used by an element in the model']);
    expect(check('schema', schema({ id: TOPIC }))).toEqual(['id: already used by a channel in the model']);
    expect(check('element', element({ id: SCH }))).toEqual(['id: already used by a schema in the model']);
  });

  it("an existing element's kind cannot change", () => {
    expect(check('element', element({ id: U, kind: 'system' }))).toEqual(['kind: cannot change from actor to system on an existing element']);
    expect(check('element', element({ id: U, kind: 'actor', name: 'Renamed' }))).toEqual([]);
  });

  it("an existing relationship's ends do not change", () => {
    expect(check('relationship', relationship({ id: guid(30), fromId: K, toId: D }))).toEqual([
      `fromId: cannot change on an existing relationship (it is ${U})`,
      `toId: cannot change on an existing relationship (it is ${A})`,
    ]);
    expect(check('relationship', relationship({ id: guid(30), fromId: U, toId: A, label: 'uses' }))).toEqual([]);
  });

  it("a schema ID must not be the project's model stream ID", () => {
    expect(check('schema', schema({ id: streamId }))).toEqual(["id: must not be the ID of the project's model stream"]);
    const after = overlayModel(base, [{ kind: 'schema', record: schema({ id: streamId }) }]);
    expect(checkRecord('schema', schema({ id: streamId }), after, { streamId: streamId.toUpperCase() })).toEqual(["id: must not be the ID of the project's model stream"]);
  });
});

describe('provenance by label', () => {
  it.each([
    ['declared', null, []],
    ['unknown', null, []],
    ['observed-in-source', null, ['provenance.source: is required when factStatus is observed-in-source']],
    ['observed-in-source', { source: 'a.ts' }, []],
    ['measured', { revision: 'r1' }, ['provenance.source: is required when factStatus is measured']],
    ['measured', { source: 'load test 7' }, []],
    ['inferred', null, ['provenance.source: is required when factStatus is inferred', 'provenance.confidence: is required when factStatus is inferred']],
    ['inferred', { source: 'a.ts' }, ['provenance.confidence: is required when factStatus is inferred']],
    ['inferred', { confidence: 0 }, ['provenance.source: is required when factStatus is inferred']],
    ['inferred', { source: 'a.ts', confidence: 0 }, []],
  ] as const)('%s with provenance %j', (factStatus, partial, expected) => {
    const provenance = partial === null ? null : { source: null, revision: null, confidence: null, acceptedBy: null, acceptedAt: null, ...partial };
    expect(checkProvenanceForLabel({ factStatus, provenance, stale: null })).toEqual(expected);
    expect(check('channel', channel({ id: guid(100), factStatus, provenance }))).toEqual(expected);
  });
});

describe('findReferrers', () => {
  it('lists every record that refers to a record, children by parentId included', () => {
    expect(findReferrers(base, 'element', A)).toEqual([
      { kind: 'element', id: K, field: 'parentId' },
      { kind: 'relationship', id: guid(30), field: 'toId' },
      { kind: 'message', id: guid(40), field: 'producerId' },
      { kind: 'operation', id: guid(50), field: 'ownerId' },
    ]);
    expect(findReferrers(base, 'element', S)).toEqual([
      { kind: 'element', id: A, field: 'parentId' },
      { kind: 'element', id: D, field: 'parentId' },
    ]);
    expect(findReferrers(base, 'element', K)).toEqual([
      { kind: 'message', id: guid(40), field: 'consumerIds' },
      { kind: 'subscription', id: guid(60), field: 'consumerId' },
    ]);
    expect(findReferrers(base, 'schema', SCH)).toEqual([
      { kind: 'message', id: guid(40), field: 'schemaId' },
      { kind: 'operation', id: guid(50), field: 'requestSchemaId' },
      { kind: 'operation', id: guid(50), field: 'responseSchemaId' },
    ]);
    expect(findReferrers(base, 'channel', QUEUE)).toEqual([
      { kind: 'subscription', id: guid(60), field: 'channelId' },
      { kind: 'binding', id: guid(70), field: 'targetChannelId' },
    ]);
    expect(findReferrers(base, 'channel', QUEUE2)).toEqual([{ kind: 'subscription', id: guid(60), field: 'deadLetterChannelId' }]);
    expect(findReferrers(base, 'channel', TOPIC)).toEqual([{ kind: 'binding', id: guid(70), field: 'sourceChannelId' }]);
    expect(findReferrers(base, 'element', U)).toEqual([{ kind: 'relationship', id: guid(30), field: 'fromId' }]);
    expect(findReferrers(base, 'message', guid(40))).toEqual([]);
  });

  it('sees the changes of an overlay: new referrers, moved and deleted ones', () => {
    const after = overlayModel(base, [
      { kind: 'message', record: message({ id: guid(40), producerId: K, consumerIds: [D] }) },
      { kind: 'operation', delete: guid(50) },
      { kind: 'relationship', record: relationship({ id: guid(31), fromId: A, toId: D }) },
    ]);
    expect(findReferrers(after, 'element', A)).toEqual([
      { kind: 'element', id: K, field: 'parentId' },
      { kind: 'relationship', id: guid(30), field: 'toId' },
      { kind: 'relationship', id: guid(31), field: 'fromId' },
    ]);
    expect(findReferrers(after, 'schema', SCH)).toEqual([]);
    // The base is not changed by its overlay.
    expect(findReferrers(base, 'schema', SCH)).toHaveLength(3);
  });
});

describe('overlayModel', () => {
  it('shows upserts and deletions over the base without changing it', () => {
    const after = overlayModel(base, [
      { kind: 'element', record: element({ id: guid(100), name: 'New' }) },
      { kind: 'element', record: element({ id: U, kind: 'actor', name: 'Renamed' }) },
      { kind: 'element', delete: D },
    ]);
    expect(after.element.size).toBe(base.element.size);
    expect(after.element.get(guid(100))?.name).toBe('New');
    expect(after.element.get(U)?.name).toBe('Renamed');
    expect(after.element.has(D)).toBe(false);
    expect(base.element.has(D)).toBe(true);
    expect(base.element.get(U)?.name).toBe('Element');
    expect([...after.element.keys()].sort()).toEqual([S, A, K, U, guid(100)].sort());
    const seen: string[] = [];
    after.element.forEach((_, id) => {
      seen.push(id);
    });
    expect(seen.sort()).toEqual([...after.element.keys()].sort());
    after.unset('element', D);
    expect(after.element.has(D)).toBe(true);
    after.unset('element', guid(100));
    expect(after.element.has(guid(100))).toBe(false);
    expect(after.element.size).toBe(base.element.size);
  });
});
