/**
 * Record builders for the tests of lib/core/model: complete, valid records with
 * readable IDs, so each test states only the fields it is about.
 */
import type {
  BindingRecord,
  ChannelRecord,
  ElementRecord,
  MessageRecord,
  OperationRecord,
  RelationshipRecord,
  SchemaRecord,
  SubscriptionRecord,
} from '../../lib/core/model/model-records';

/** A GUID whose last group is `n` in hex, e.g. guid(10) = 00000000-0000-4000-8000-00000000000a. */
export function guid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

const fact = { factStatus: 'declared' as const, provenance: null, stale: null };

/** A valid element record (a system unless told otherwise). */
export function element(fields: Partial<ElementRecord> & { id: string }): ElementRecord {
  return { kind: 'system', name: 'Element', description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, ...fact, ...fields };
}

/** A valid relationship record. */
export function relationship(fields: Partial<RelationshipRecord> & Pick<RelationshipRecord, 'id' | 'fromId' | 'toId'>): RelationshipRecord {
  return { label: null, technology: null, kind: 'structural', lineShape: null, ...fact, ...fields };
}

/** A valid message record. */
export function message(fields: Partial<MessageRecord> & Pick<MessageRecord, 'id' | 'producerId'>): MessageRecord {
  return { name: 'Message', description: null, consumerIds: [], schemaId: null, tags: [], ...fact, ...fields };
}

/** A valid schema record, version 1. */
export function schema(fields: Partial<SchemaRecord> & { id: string }): SchemaRecord {
  return { name: 'Schema', description: null, content: '{"type":"object"}', version: 1, ...fields };
}

/** A valid operation record. */
export function operation(fields: Partial<OperationRecord> & Pick<OperationRecord, 'id' | 'ownerId'>): OperationRecord {
  return { name: 'Operation', transport: 'http', requestSchemaId: null, responseSchemaId: null, timeoutMs: null, retry: null, ...fact, ...fields };
}

/** A valid channel record (a topic unless told otherwise). */
export function channel(fields: Partial<ChannelRecord> & { id: string }): ChannelRecord {
  return { name: 'Channel', kind: 'topic', ...fact, ...fields };
}

/** A valid subscription record. */
export function subscription(fields: Partial<SubscriptionRecord> & Pick<SubscriptionRecord, 'id' | 'channelId' | 'consumerId'>): SubscriptionRecord {
  return { retry: null, deadLetterChannelId: null, ...fact, ...fields };
}

/** A valid binding record. */
export function binding(fields: Partial<BindingRecord> & Pick<BindingRecord, 'id' | 'sourceChannelId' | 'targetChannelId'>): BindingRecord {
  return { routingKey: null, ...fact, ...fields };
}
