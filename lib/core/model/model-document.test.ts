import fc from 'fast-check';
import { load as loadWithJsYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { documentRecord, ModelDocumentWriter, mustQuoteInYaml, serializeModelDocument, snapshotFromRecords } from './model-document';
import { modelKinds, sectionOfKind, type AnyModelRecord, type ModelSnapshot } from './model-records';
import { recordFieldOrder } from './record-schemas';
import { parseYamlStrict } from '../../platform/text/strict-json';
import { binding, channel, element, guid, message, operation, relationship, schema, subscription } from '../../../test/support/model-fixtures';
import { awkwardText, yamlByLibrary } from './yaml-test-reference';

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

/** The document as one value, written by JSON.stringify or by the `yaml` package: what the export wrote before it wrote in pages. */
function referenceText(projectName: string, model: ModelSnapshot, format: 'json' | 'yaml'): string {
  const document: Record<string, unknown> = { version: '1.0', project: { name: projectName } };
  for (const kind of modelKinds) {
    const records = [...(model[kind].values() as Iterable<AnyModelRecord>)].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    document[sectionOfKind[kind]] = records.map((record) => documentRecord(kind, record));
  }
  return format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : yamlByLibrary(document, mustQuoteInYaml);
}

const text = awkwardText();
const nullableText = fc.option(text, { nil: null });
const fact = fc.record({
  factStatus: fc.constantFrom('declared', 'observed-in-source', 'inferred', 'measured', 'unknown'),
  provenance: fc.option(fc.record({ source: nullableText, revision: nullableText, confidence: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), acceptedBy: nullableText, acceptedAt: nullableText }), { nil: null }),
  stale: fc.option(fc.record({ sinceRevision: text, reason: text }), { nil: null }),
});
/** Records of every kind with awkward text everywhere (valid or not: the writer writes what is stored). */
const awkwardModel = fc
  .record({
    elements: fc.array(fc.record({ name: text, description: nullableText, technology: nullableText, tags: fc.array(text, { maxLength: 3 }), icon: nullableText, fact }), { maxLength: 8 }),
    relationships: fc.array(fc.record({ label: nullableText, technology: nullableText, lineShape: nullableText, fact }), { maxLength: 5 }),
    messages: fc.array(fc.record({ name: text, description: nullableText, tags: fc.array(text, { maxLength: 2 }), fact }), { maxLength: 3 }),
    schemas: fc.array(fc.record({ name: text, description: nullableText, content: text, version: fc.integer() }), { maxLength: 3 }),
    operations: fc.array(fc.record({ name: text, timeoutMs: fc.option(fc.integer(), { nil: null }), retry: fc.option(fc.record({ maxAttempts: fc.integer(), backoffMs: fc.integer() }), { nil: null }), fact }), { maxLength: 3 }),
    channels: fc.array(fc.record({ name: text, fact }), { maxLength: 3 }),
    subscriptions: fc.array(fact, { maxLength: 2 }),
    bindings: fc.array(fc.record({ routingKey: nullableText, fact }), { maxLength: 2 }),
    ids: fc.uniqueArray(fc.uuid().map((id) => id.toLowerCase()), { minLength: 40, maxLength: 40 }),
  })
  .map((spec) => {
    const ids = [...spec.ids];
    const id = () => ids.pop()!;
    const someId = spec.ids[0]!;
    return snapshotFromRecords([
      ...spec.elements.map((e) => ({ kind: 'element' as const, record: element({ id: id(), ...e.fact, ...e, parentId: someId }) })),
      ...spec.relationships.map((r) => ({ kind: 'relationship' as const, record: relationship({ id: id(), fromId: someId, toId: someId, ...r.fact, ...r }) })),
      ...spec.messages.map((m) => ({ kind: 'message' as const, record: message({ id: id(), producerId: someId, consumerIds: [someId], ...m.fact, ...m }) })),
      ...spec.schemas.map((m) => ({ kind: 'schema' as const, record: schema({ id: id(), ...m }) })),
      ...spec.operations.map((o) => ({ kind: 'operation' as const, record: operation({ id: id(), ownerId: someId, ...o.fact, ...o }) })),
      ...spec.channels.map((c) => ({ kind: 'channel' as const, record: channel({ id: id(), ...c.fact, ...c }) })),
      ...spec.subscriptions.map((f) => ({ kind: 'subscription' as const, record: subscription({ id: id(), channelId: someId, consumerId: someId, ...f }) })),
      ...spec.bindings.map((b) => ({ kind: 'binding' as const, record: binding({ id: id(), sourceChannelId: someId, targetChannelId: someId, ...b.fact, ...b }) })),
    ] as never);
  });

describe('ModelDocumentWriter', () => {
  it('writes, page by page, the very bytes of the whole document written at once (JSON.stringify; the yaml package)', () => {
    for (const format of ['json', 'yaml'] as const) {
      expect(serializeModelDocument('Shop project', model, format)).toBe(referenceText('Shop project', model, format));
      expect(serializeModelDocument('P', snapshotFromRecords([]), format)).toBe(referenceText('P', snapshotFromRecords([]), format));
    }
  });

  it('writes the same bytes for random models with awkward text, whatever the pages', () => {
    fc.assert(
      fc.property(awkwardModel, text, fc.constantFrom('json' as const, 'yaml' as const), fc.integer({ min: 1, max: 4 }), (awkward, projectName, format, pageSize) => {
        const writer = new ModelDocumentWriter(projectName, format);
        for (const kind of modelKinds) {
          writer.section(kind);
          const records = [...(awkward[kind].values() as Iterable<AnyModelRecord>)].sort((a, b) => (a.id < b.id ? -1 : 1));
          for (let i = 0; i < records.length; i += pageSize) writer.records(kind, records.slice(i, i + pageSize));
          writer.records(kind, []);
        }
        expect(writer.finish()).toBe(referenceText(projectName, awkward, format));
      }),
      { numRuns: 400 },
    );
  });
});
