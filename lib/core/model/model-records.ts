/**
 * The model's records exactly as the model document writes them (part 1
 * "Resources and their fields"): camelCase, every nullable field present
 * (null when empty), lists never null. Storage keeps each record as this JSON
 * body, so export is a read and a serialisation.
 */
import { provenanceSourceLength, type FactStatus } from '../../../contracts/fact-statuses';
import type { Provenance as ProvenanceAnswer } from '../../../contracts/facts';

export const modelKinds = ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding'] as const;
export type ModelKind = (typeof modelKinds)[number];

/** Document section (and API collection) name of each kind. */
export const sectionOfKind: Readonly<Record<ModelKind, string>> = Object.freeze({
  element: 'elements',
  relationship: 'relationships',
  message: 'messages',
  schema: 'schemas',
  operation: 'operations',
  channel: 'channels',
  subscription: 'subscriptions',
  binding: 'bindings',
});

export { factStatuses, type FactStatus } from '../../../contracts/fact-statuses';

export const elementKinds = ['actor', 'system', 'app', 'store', 'component'] as const;
export type ElementKind = (typeof elementKinds)[number];

export const elementStatuses = ['current', 'planned', 'deprecated', 'removed'] as const;
export type ElementStatus = (typeof elementStatuses)[number];

export const relationshipKinds = ['structural', 'behavioural'] as const;
export const transports = ['http', 'grpc', 'command'] as const;
export const channelKinds = ['topic', 'queue', 'exchange'] as const;

/** Where a fact came from (contracts/facts.ts). */
export type Provenance = ProvenanceAnswer;

export interface StaleMark {
  sinceRevision: string;
  reason: string;
}

/** Fact fields on every kind but schema. */
export interface FactFields {
  factStatus: FactStatus;
  provenance: Provenance | null;
  stale: StaleMark | null;
}

export interface RetryPolicy {
  maxAttempts: number;
  backoffMs: number;
}

export interface ElementRecord extends FactFields {
  id: string;
  kind: ElementKind;
  name: string;
  description: string | null;
  technology: string | null;
  status: ElementStatus;
  parentId: string | null;
  tags: string[];
  icon: string | null;
}

export interface RelationshipRecord extends FactFields {
  id: string;
  fromId: string;
  toId: string;
  label: string | null;
  technology: string | null;
  kind: (typeof relationshipKinds)[number];
  lineShape: string | null;
}

export interface MessageRecord extends FactFields {
  id: string;
  name: string;
  description: string | null;
  producerId: string;
  consumerIds: string[];
  schemaId: string | null;
  tags: string[];
}

export interface SchemaRecord {
  id: string;
  name: string;
  description: string | null;
  content: string;
  version: number;
}

export interface OperationRecord extends FactFields {
  id: string;
  ownerId: string;
  name: string;
  transport: (typeof transports)[number];
  requestSchemaId: string | null;
  responseSchemaId: string | null;
  /** null: the operation declares no timeout. */
  timeoutMs: number | null;
  retry: RetryPolicy | null;
}

export interface ChannelRecord extends FactFields {
  id: string;
  name: string;
  kind: (typeof channelKinds)[number];
}

export interface SubscriptionRecord extends FactFields {
  id: string;
  channelId: string;
  consumerId: string;
  retry: RetryPolicy | null;
  deadLetterChannelId: string | null;
}

export interface BindingRecord extends FactFields {
  id: string;
  sourceChannelId: string;
  targetChannelId: string;
  routingKey: string | null;
}

export interface RecordOfKind {
  element: ElementRecord;
  relationship: RelationshipRecord;
  message: MessageRecord;
  schema: SchemaRecord;
  operation: OperationRecord;
  channel: ChannelRecord;
  subscription: SubscriptionRecord;
  binding: BindingRecord;
}

export type AnyModelRecord = RecordOfKind[ModelKind];

/** A whole model (one stream: main, a branch or a revision), each kind by ID. */
export type ModelSnapshot = { readonly [K in ModelKind]: ReadonlyMap<string, RecordOfKind[K]> };

/** The limits of part 1 "Limits" that concern the model. */
export const modelLimits = Object.freeze({
  importBodyBytes: 16_777_216,
  listEntries: Object.freeze({ element: 5000, relationship: 10000, message: 5000, schema: 200, operation: 5000, channel: 5000, subscription: 5000, binding: 5000 } satisfies Record<ModelKind, number>),
  timeoutMs: 3_600_000,
  backoffMs: 3_600_000,
  maxAttempts: 10,
  provenanceSource: provenanceSourceLength,
  staleReason: 100,
  lineShape: 100,
});
