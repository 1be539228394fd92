import { describe, expect, it } from 'vitest';
import type { AnyModelRecord, ModelKind } from './model-records';
import { referenceFieldsOf, referencesOf, referringFieldsOf } from './model-references';
import { binding, channel, element, guid, message, operation, relationship, schema, subscription } from '../../../test/support/model-fixtures';

describe('the table of reference fields', () => {
  it('names exactly the fields referencesOf reads, with every reference field set', () => {
    const records: [ModelKind, AnyModelRecord][] = [
      ['element', element({ id: guid(1), parentId: guid(2) })],
      ['relationship', relationship({ id: guid(3), fromId: guid(1), toId: guid(2) })],
      ['message', message({ id: guid(4), producerId: guid(1), consumerIds: [guid(2), guid(5)], schemaId: guid(6) })],
      ['schema', schema({ id: guid(6) })],
      ['operation', operation({ id: guid(7), ownerId: guid(1), requestSchemaId: guid(6), responseSchemaId: guid(8) })],
      ['channel', channel({ id: guid(9) })],
      ['subscription', subscription({ id: guid(10), channelId: guid(9), consumerId: guid(1), deadLetterChannelId: guid(11) })],
      ['binding', binding({ id: guid(12), sourceChannelId: guid(9), targetChannelId: guid(11) })],
    ];
    for (const [kind, record] of records) {
      const read = [...new Set(referencesOf(kind, record).map((r) => r.field))].sort();
      const table = [...referenceFieldsOf[kind].scalar, ...referenceFieldsOf[kind].list].sort();
      expect(table, kind).toEqual(read);
      for (const field of referenceFieldsOf[kind].list) expect(Array.isArray((record as unknown as Record<string, unknown>)[field]), field).toBe(true);
    }
    // Seen from the referred kind: every field referencesOf reads, each once, under the kind it names.
    const fromReferences = records.flatMap(([kind, record]) => referencesOf(kind, record).map((r) => `${r.kind} <- ${kind}.${r.field}${referenceFieldsOf[kind].list.includes(r.field) ? '[]' : ''}`));
    const fromTable = Object.entries(referringFieldsOf).flatMap(([referred, fields]) => fields.map((f) => `${referred} <- ${f.kind}.${f.field}${f.list ? '[]' : ''}`));
    expect([...new Set(fromReferences)].sort()).toEqual([...fromTable].sort());
  });
});
