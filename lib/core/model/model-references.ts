/**
 * The one table of which record fields refer to which other records, read by
 * the reference rules, by the referrer index and by delete checks alike.
 */
import type { AnyModelRecord, BindingRecord, ModelKind, RecordOfKind } from './model-records';

/** One reference held by a record: `field` names a record of `kind` with ID `id`. */
export interface ModelReference {
  field: string;
  kind: ModelKind;
  id: string;
}

/** Every reference a record holds (null references left out), in field order. */
export function referencesOf(kind: ModelKind, record: AnyModelRecord): ModelReference[] {
  const refs: ModelReference[] = [];
  const add = (field: string, target: ModelKind, id: string | null | undefined) => {
    if (typeof id === 'string') refs.push({ field, kind: target, id });
  };
  switch (kind) {
    case 'element': {
      const r = record as RecordOfKind['element'];
      add('parentId', 'element', r.parentId);
      break;
    }
    case 'relationship': {
      const r = record as RecordOfKind['relationship'];
      add('fromId', 'element', r.fromId);
      add('toId', 'element', r.toId);
      break;
    }
    case 'message': {
      const r = record as RecordOfKind['message'];
      add('producerId', 'element', r.producerId);
      for (const id of r.consumerIds ?? []) add('consumerIds', 'element', id);
      add('schemaId', 'schema', r.schemaId);
      break;
    }
    case 'schema':
      break;
    case 'operation': {
      const r = record as RecordOfKind['operation'];
      add('ownerId', 'element', r.ownerId);
      add('requestSchemaId', 'schema', r.requestSchemaId);
      add('responseSchemaId', 'schema', r.responseSchemaId);
      break;
    }
    case 'channel':
      break;
    case 'subscription': {
      const r = record as RecordOfKind['subscription'];
      add('channelId', 'channel', r.channelId);
      add('consumerId', 'element', r.consumerId);
      add('deadLetterChannelId', 'channel', r.deadLetterChannelId);
      break;
    }
    case 'binding': {
      const r = record as RecordOfKind['binding'];
      add('sourceChannelId', 'channel', r.sourceChannelId);
      add('targetChannelId', 'channel', r.targetChannelId);
      break;
    }
  }
  return refs;
}

/**
 * The reference fields of each kind as a table, for queries that look for
 * the records naming one ID (the `refersTo` list filter): `scalar` fields hold
 * one ID or null, `list` fields a list of IDs. Kept beside `referencesOf`,
 * which reads the same fields record by record.
 */
export const referenceFieldsOf: Readonly<Record<ModelKind, { scalar: readonly string[]; list: readonly string[] }>> = Object.freeze({
  element: { scalar: ['parentId'], list: [] },
  relationship: { scalar: ['fromId', 'toId'], list: [] },
  message: { scalar: ['producerId', 'schemaId'], list: ['consumerIds'] },
  schema: { scalar: [], list: [] },
  operation: { scalar: ['ownerId', 'requestSchemaId', 'responseSchemaId'], list: [] },
  channel: { scalar: [], list: [] },
  subscription: { scalar: ['channelId', 'consumerId', 'deadLetterChannelId'], list: [] },
  binding: { scalar: ['sourceChannelId', 'targetChannelId'], list: [] },
});

/** A field through which records of `kind` refer to another record; `list` when it holds a list of IDs. */
export interface ReferringField {
  kind: ModelKind;
  field: string;
  list: boolean;
}

/**
 * The same table seen from the other end: for each kind, the fields that can
 * name a record of that kind. "Who refers to this record" looks through
 * exactly these (the delete check and a channel's bindings), by index.
 */
export const referringFieldsOf: Readonly<Record<ModelKind, readonly ReferringField[]>> = Object.freeze({
  element: [
    { kind: 'element', field: 'parentId', list: false },
    { kind: 'relationship', field: 'fromId', list: false },
    { kind: 'relationship', field: 'toId', list: false },
    { kind: 'message', field: 'producerId', list: false },
    { kind: 'message', field: 'consumerIds', list: true },
    { kind: 'operation', field: 'ownerId', list: false },
    { kind: 'subscription', field: 'consumerId', list: false },
  ],
  relationship: [],
  message: [],
  schema: [
    { kind: 'message', field: 'schemaId', list: false },
    { kind: 'operation', field: 'requestSchemaId', list: false },
    { kind: 'operation', field: 'responseSchemaId', list: false },
  ],
  operation: [],
  channel: [
    { kind: 'subscription', field: 'channelId', list: false },
    { kind: 'subscription', field: 'deadLetterChannelId', list: false },
    { kind: 'binding', field: 'sourceChannelId', list: false },
    { kind: 'binding', field: 'targetChannelId', list: false },
  ],
  subscription: [],
  binding: [],
} satisfies Record<ModelKind, readonly ReferringField[]>);

/** True when the record's `field` still names `id` (a list field: any of its entries). */
export function recordRefersTo(record: AnyModelRecord, field: string, id: string): boolean {
  const value = (record as unknown as Record<string, unknown>)[field];
  return Array.isArray(value) ? value.includes(id) : value === id;
}

/**
 * The identity of a binding: "A binding is identified by source, target and
 * routing key together" (part 1 "Channel, Subscription, Binding").
 */
export function bindingKeyOf(binding: Pick<BindingRecord, 'sourceChannelId' | 'targetChannelId' | 'routingKey'>): string {
  return JSON.stringify([binding.sourceChannelId, binding.targetChannelId, binding.routingKey ?? null]);
}
