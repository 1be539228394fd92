/**
 * The model records a proposal may carry (docs/ai-proposals.md "Output formats"):
 * the fields of part 1 "Resources and their fields" that describe a design,
 * without IDs of their own (a proposal names a new record by an alias) and
 * without fact fields (the service sets the truth label, never the answer).
 * A field that names another record takes a GUID of the model or an alias of
 * the same proposal. These schemas only shape the answer; the model's own
 * reader and rules (lib/core/model) decide whether a record may be written.
 */
import { z } from 'zod';
import { channelKinds, elementKinds, elementStatuses, relationshipKinds, transports } from '../../core/model/model-records';

/** An alias: how a proposal names a record it adds, before the record has an ID. */
export const aliasPattern = /^[a-z][a-z0-9-]{0,62}$/;
export const aliasText = z.string().regex(aliasPattern, 'must be an alias: a lower-case letter, then letters, digits or hyphens (63 at most)');

/** A reference: the GUID of a record of the model, or the alias of a record the same proposal adds. */
export const referenceText = z.string().min(1, 'must not be empty').max(64, 'must be a GUID or an alias');

const nameText = z.string().max(200, 'must have at most 200 characters');
const optionalText = z.string().max(4000, 'must have at most 4000 characters').nullable();
const guidOrNull = z.string().max(64).nullable();

export const retryFields = z.strictObject({
  maxAttempts: z.number().int().min(1).max(10),
  backoffMs: z.number().int().min(0).max(3_600_000),
});

export const elementFields = z.strictObject({
  kind: z.enum(elementKinds),
  name: nameText,
  description: optionalText,
  technology: z.string().max(200).nullable(),
  status: z.enum(elementStatuses),
  parentId: referenceText.nullable().describe('The containing element: GUID or alias; null for an actor or system.'),
  tags: z.array(z.string().max(100)).max(20),
});

export const relationshipFields = z.strictObject({
  fromId: referenceText,
  toId: referenceText,
  label: z.string().max(200).nullable(),
  technology: z.string().max(200).nullable(),
  kind: z.enum(relationshipKinds),
});

export const messageFields = z.strictObject({
  name: nameText,
  description: optionalText,
  producerId: referenceText,
  consumerIds: z.array(referenceText).max(100),
  schemaId: guidOrNull.describe('A schema of the model (GUID) or null.'),
  tags: z.array(z.string().max(100)).max(20),
});

export const operationFields = z.strictObject({
  ownerId: referenceText,
  name: nameText,
  transport: z.enum(transports),
  requestSchemaId: guidOrNull,
  responseSchemaId: guidOrNull,
  timeoutMs: z.number().int().min(0).max(3_600_000).nullable(),
  retry: retryFields.nullable(),
});

export const channelFields = z.strictObject({
  name: nameText,
  kind: z.enum(channelKinds),
});

export const subscriptionFields = z.strictObject({
  channelId: referenceText,
  consumerId: referenceText,
  retry: retryFields.nullable(),
  deadLetterChannelId: referenceText.nullable(),
});

export const bindingFields = z.strictObject({
  sourceChannelId: referenceText,
  targetChannelId: referenceText,
  routingKey: z.string().max(255).nullable(),
});

/** The kinds a proposal may add or change, with their fields. */
export const proposalRecordFields = {
  element: elementFields,
  relationship: relationshipFields,
  message: messageFields,
  operation: operationFields,
  channel: channelFields,
  subscription: subscriptionFields,
  binding: bindingFields,
} as const;
export type ProposalRecordKind = keyof typeof proposalRecordFields;
export type ProposalRecordFields<K extends ProposalRecordKind = ProposalRecordKind> = z.infer<(typeof proposalRecordFields)[K]>;

/** The fields of each kind that name another record (a GUID or an alias); `consumerIds` is a list of them. */
export const referenceFieldsOf: Readonly<Record<ProposalRecordKind, readonly string[]>> = Object.freeze({
  element: ['parentId'],
  relationship: ['fromId', 'toId'],
  message: ['producerId', 'consumerIds'],
  operation: ['ownerId'],
  channel: [],
  subscription: ['channelId', 'consumerId', 'deadLetterChannelId'],
  binding: ['sourceChannelId', 'targetChannelId'],
});
