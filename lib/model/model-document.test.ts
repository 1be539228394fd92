import { load as loadWithJsYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { serializeModelDocument, snapshotFromRecords } from './model-document';
import { modelKinds } from './model-records';
import { recordFieldOrder } from './record-schemas';
import { parseYamlStrict } from './strict-json';
import { binding, channel, element, guid, message, operation, relationship, schema, subscription } from './model-test-fixtures';

const S = guid(1), A = guid(2);
const records = [
  { kind: 'element', record: element({ id: A, kind: 'app', name: 'Web', parentId: S, tags: ['ui'], factStatus: 'observed-in-source', provenance: { source: 'web/app.ts', revision: 'abc', confidence: null, acceptedBy: null, acceptedAt: null } }) },
  { kind: 'element', record: element({ id: S, name: 'Shop', stale: { sinceRevision: 'def', reason: 'evidence-not-found' } }) },
  { kind: 'relationship', record: relationship({ id: guid(30), fromId: A, toId: S, label: 'part of' }) },
  { kind: 'message', record: message({ id: guid(40), name: 'OrderPlaced', producerId: A, consumerIds: [S], schemaId: guid(10) }) },
  { kind: 'schema', record: schema({ id: guid(10), name: 'Order', content: 'type: object\nrequired: [id]\n', version: 3 }) },
  { kind: 'operation', record: operation({ id: guid(50), ownerId: A, name: 'placeOrder', timeoutMs: 3000, retry: { maxAttempts: 3, backoffMs: 250 } }) },
  { kind: 'channel', record: channel({ id: guid(21), name: 'billing', kind: 'queue' }) },
  { kind: 'channel', record: channel({ id: guid(20), name: 'orders' }) },
  { kind: 'subscription', record: subscription({ id: guid(60), channelId: guid(21), consumerId: S }) },
  { kind: 'binding', record: binding({ id: guid(70), sourceChannelId: guid(20), targetChannelId: guid(21), routingKey: 'orders.*' }) },
] as const;
const model = snapshotFromRecords(records);

const expectedJson = `{
  "version": "1.0",
  "project": {
    "name": "Shop project"
  },
  "elements": [
    {
      "id": "${S}",
      "kind": "system",
      "name": "Shop",
      "description": null,
      "technology": null,
      "status": "current",
      "parentId": null,
      "tags": [],
      "icon": null,
      "factStatus": "declared",
      "provenance": null,
      "stale": {
        "sinceRevision": "def",
        "reason": "evidence-not-found"
      }
    },
    {
      "id": "${A}",
      "kind": "app",
      "name": "Web",
      "description": null,
      "technology": null,
      "status": "current",
      "parentId": "${S}",
      "tags": [
        "ui"
      ],
      "icon": null,
      "factStatus": "observed-in-source",
      "provenance": {
        "source": "web/app.ts",
        "revision": "abc",
        "confidence": null,
        "acceptedBy": null,
        "acceptedAt": null
      },
      "stale": null
    }
  ],
  "relationships": [
    {
      "id": "${guid(30)}",
      "fromId": "${A}",
      "toId": "${S}",
      "label": "part of",
      "technology": null,
      "kind": "structural",
      "lineShape": null,
      "factStatus": "declared",
      "provenance": null,
      "stale": null
    }
  ],
  "messages": [
    {
      "id": "${guid(40)}",
      "name": "OrderPlaced",
      "description": null,
      "producerId": "${A}",
      "consumerIds": [
        "${S}"
      ],
      "schemaId": "${guid(10)}",
      "tags": [],
      "factStatus": "declared",
      "provenance": null,
      "stale": null
    }
  ],
  "schemas": [
    {
      "id": "${guid(10)}",
      "name": "Order",
      "description": null,
      "content": "type: object\\nrequired: [id]\\n",
      "version": 3
    }
  ],
  "operations": [
    {
      "id": "${guid(50)}",
      "ownerId": "${A}",
      "name": "placeOrder",
      "transport": "http",
      "requestSchemaId": null,
      "responseSchemaId": null,
      "timeoutMs": 3000,
      "retry": {
        "maxAttempts": 3,
        "backoffMs": 250
      },
      "factStatus": "declared",
      "provenance": null,
      "stale": null
    }
  ],
  "channels": [
    {
      "id": "${guid(20)}",
      "name": "orders",
      "kind": "topic",
      "factStatus": "declared",
      "provenance": null,
      "stale": null
    },
    {
      "id": "${guid(21)}",
      "name": "billing",
      "kind": "queue",
      "factStatus": "declared",
      "provenance": null,
      "stale": null
    }
  ],
  "subscriptions": [
    {
      "id": "${guid(60)}",
      "channelId": "${guid(21)}",
      "consumerId": "${S}",
      "retry": null,
      "deadLetterChannelId": null,
      "factStatus": "declared",
      "provenance": null,
      "stale": null
    }
  ],
  "bindings": [
    {
      "id": "${guid(70)}",
      "sourceChannelId": "${guid(20)}",
      "targetChannelId": "${guid(21)}",
      "routingKey": "orders.*",
      "factStatus": "declared",
      "provenance": null,
      "stale": null
    }
  ]
}
`;

describe('serializeModelDocument', () => {
  it('writes JSON with the spec key order, lists by ID, nulls written, 2-space indent and a final newline', () => {
    expect(serializeModelDocument('Shop project', model, 'json')).toBe(expectedJson);
  });

  it('writes the same bytes whatever order the records were stored in, and whatever their key order', () => {
    const shuffled = snapshotFromRecords(
      [...records].reverse().map(({ kind, record }) => ({ kind, record: Object.fromEntries(Object.entries(record).reverse()) }) as never),
    );
    for (const format of ['json', 'yaml'] as const) expect(serializeModelDocument('Shop project', shuffled, format)).toBe(serializeModelDocument('Shop project', model, format));
  });

  it('writes a nullable field or list the stored body left out as null or []', () => {
    const sparse = snapshotFromRecords([{ kind: 'channel', record: { id: guid(20), name: 'orders', kind: 'topic' } as never }]);
    const document = JSON.parse(serializeModelDocument('P', sparse, 'json'));
    expect(document.channels).toEqual([{ id: guid(20), name: 'orders', kind: 'topic', factStatus: null, provenance: null, stale: null }]);
    expect(Object.keys(document)).toEqual(['version', 'project', 'elements', 'relationships', 'messages', 'schemas', 'operations', 'channels', 'subscriptions', 'bindings']);
    const noTags = snapshotFromRecords([{ kind: 'element', record: { ...element({ id: S }), tags: undefined } as never }]);
    expect(JSON.parse(serializeModelDocument('P', noTags, 'json')).elements[0].tags).toEqual([]);
  });

  it('writes YAML that reads back (strictly, and with an independent YAML 1.1-minded parser) as the JSON document', () => {
    const yaml = serializeModelDocument('Shop project', model, 'yaml');
    const json = JSON.parse(serializeModelDocument('Shop project', model, 'json'));
    expect(parseYamlStrict(yaml)).toEqual({ ok: true, value: json });
    expect(loadWithJsYaml(yaml)).toEqual(json);
    expect(yaml.startsWith('version: "1.0"\nproject:\n  name: Shop project\nelements:\n')).toBe(true);
    // Multi-line text is a literal block, not an escaped one-liner.
    expect(yaml).toContain('    content: |\n      type: object\n      required: [id]\n');
  });

  it('quotes strings that another YAML reader would take for a number, boolean, null or date', () => {
    const multiLine = [' \n', 'a\n \nb', '\t\n', 'x\n  ', ' a\nb', 'a\n\n\n', '\n', '\na', 'a\r\nb', 'a\u0085b\nc', '\ufffe', 'a\uffff', '\u2028', '\ufeffx', 'del\u007f'];
    const tricky = [...multiLine, 'yes', 'No', 'on', 'OFF', 'y', 'n', 'null', '~', 'true', '1.0', '012', '0x1F', '0o17', '1_000', '1:20', '2024-01-01', '2024-01-01T00:00:00Z', '.inf', '-.NaN', '+1', '.5', '<<', '=', '', ' lead', 'trail ', '#x', 'a: b', '- x', '@at', '`tick', '%pct', '!bang', '*star', '&amp', '"q"', "'q'", '{x}', '[x]', 'a\tb'];
    const weird = snapshotFromRecords(tricky.map((name, i) => ({ kind: 'channel', record: channel({ id: guid(100 + i), name }) }) as never));
    const yaml = serializeModelDocument('yes', weird, 'yaml');
    const json = JSON.parse(serializeModelDocument('yes', weird, 'json'));
    expect(parseYamlStrict(yaml)).toEqual({ ok: true, value: json });
    expect(loadWithJsYaml(yaml)).toEqual(json);
    expect(yaml).toContain('  name: "yes"\n');
    expect(yaml).toContain('    name: "2024-01-01"\n');
    expect(yaml).toContain('    name: "1_000"\n');
  });

  it('never folds long lines and never writes anchors for shared values', () => {
    const shared = ['same', 'list'];
    const long = 'word '.repeat(100).trim();
    const twice = snapshotFromRecords([
      { kind: 'element', record: element({ id: guid(1), tags: shared, description: long }) },
      { kind: 'element', record: element({ id: guid(2), tags: shared }) },
    ]);
    const yaml = serializeModelDocument('P', twice, 'yaml');
    expect(yaml).not.toMatch(/[&*][a-z]\d/);
    expect(yaml).toContain(`description: ${long}\n`);
  });

  it('writes an empty model with every list present', () => {
    const empty = snapshotFromRecords([]);
    expect(JSON.parse(serializeModelDocument('P', empty, 'json'))).toEqual({
      version: '1.0',
      project: { name: 'P' },
      ...Object.fromEntries(['elements', 'relationships', 'messages', 'schemas', 'operations', 'channels', 'subscriptions', 'bindings'].map((s) => [s, []])),
    });
    expect(serializeModelDocument('P', empty, 'yaml')).toBe('version: "1.0"\nproject:\n  name: P\nelements: []\nrelationships: []\nmessages: []\nschemas: []\noperations: []\nchannels: []\nsubscriptions: []\nbindings: []\n');
  });

  it('uses the field order of the readers for every kind', () => {
    const document = JSON.parse(serializeModelDocument('Shop project', model, 'json'));
    for (const kind of modelKinds) {
      const section = { element: 'elements', relationship: 'relationships', message: 'messages', schema: 'schemas', operation: 'operations', channel: 'channels', subscription: 'subscriptions', binding: 'bindings' }[kind];
      for (const record of document[section]) expect(Object.keys(record)).toEqual(recordFieldOrder[kind]);
    }
  });
});

describe('snapshotFromRecords', () => {
  it('keys each record by ID in the map of its kind; a later record replaces an earlier one', () => {
    const snapshot = snapshotFromRecords([
      { kind: 'channel', record: channel({ id: guid(1), name: 'a' }) },
      { kind: 'channel', record: channel({ id: guid(1), name: 'b' }) },
    ]);
    expect(snapshot.channel.size).toBe(1);
    expect(snapshot.channel.get(guid(1))?.name).toBe('b');
    expect(snapshot.element.size).toBe(0);
  });
});
