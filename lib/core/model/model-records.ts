/**
 * The model's records exactly as the model document writes them (part 1
 * "Resources and their fields"): camelCase, every nullable field present
 * (null when empty), lists never null. Storage keeps each record as this JSON
 * body, so export is a read and a serialisation. The records, their kinds and
 * closed sets are the API's contracts (contracts/model.ts), named here for the
 * model's code; what only the service needs (section names, a whole model,
 * the limits of a list) is here.
 */
import { recordFieldLimits, type ModelKind, type RecordOfKind } from '../../../contracts/model';

export {
  channelKinds,
  elementKinds,
  elementStatuses,
  modelKinds,
  relationshipKinds,
  transports,
  type AnyModelRecord,
  type BindingRecord,
  type ChannelRecord,
  type ElementKind,
  type ElementRecord,
  type ElementStatus,
  type FactFields,
  type MessageRecord,
  type ModelKind,
  type OperationRecord,
  type RecordOfKind,
  type RelationshipRecord,
  type RetryPolicy,
  type SchemaRecord,
  type StaleMark,
  type SubscriptionRecord,
} from '../../../contracts/model';
export { factStatuses, type FactStatus } from '../../../contracts/fact-statuses';
/** Where a fact came from (contracts/facts.ts). */
export type { Provenance } from '../../../contracts/facts';

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

/** A whole model (one stream: main, a branch or a revision), each kind by ID. */
export type ModelSnapshot = { readonly [K in ModelKind]: ReadonlyMap<string, RecordOfKind[K]> };

/** The limits of part 1 "Limits" that concern the model. */
export const modelLimits = Object.freeze({
  importBodyBytes: 16_777_216,
  listEntries: Object.freeze({ element: 5000, relationship: 10000, message: 5000, schema: 200, operation: 5000, channel: 5000, subscription: 5000, binding: 5000 } satisfies Record<ModelKind, number>),
  ...recordFieldLimits,
});
