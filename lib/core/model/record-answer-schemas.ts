/**
 * The model's records as zod schemas, for the OpenAPI document and the
 * contract test (docs/openapi.md). The service reads entries with the field
 * tables of record-schemas.ts (zod was too slow for a 45,000-entry import);
 * these schemas describe the same records and are checked against the record
 * interfaces by the compiler (`describes`), so the two cannot part.
 */
import { z } from 'zod';
import { describes, guid, ignoredMemberSchema } from '../../../contracts/schema-kit';
import { factStatusSchema, provenanceSchema } from '../../../contracts/facts';
import type { ImportItem } from './plan-import';
import type { ImportResult } from './import-model-document';
import type { FactLabel } from './label-fact';
import {
  channelKinds,
  elementKinds,
  elementStatuses,
  modelKinds,
  modelLimits,
  relationshipKinds,
  transports,
  type BindingRecord,
  type ChannelRecord,
  type ElementRecord,
  type MessageRecord,
  type ModelKind,
  type OperationRecord,
  type RelationshipRecord,
  type RetryPolicy,
  type SchemaRecord,
  type StaleMark,
  type SubscriptionRecord,
} from './model-records';

export { factStatusSchema, provenanceSchema };

export const staleMarkSchema = describes<StaleMark>()(z.object({ sinceRevision: z.string(), reason: z.string().max(modelLimits.staleReason) }).meta({ id: 'StaleMark' }));

export const retryPolicySchema = describes<RetryPolicy>()(
  z.object({ maxAttempts: z.number().int().min(1).max(modelLimits.maxAttempts), backoffMs: z.number().int().min(0).max(modelLimits.backoffMs) }).meta({ id: 'RetryPolicy' }),
);

const factFields = { factStatus: factStatusSchema, provenance: provenanceSchema.nullable(), stale: staleMarkSchema.nullable() };

export const elementSchema = describes<ElementRecord>()(
  z
    .object({
      id: guid,
      kind: z.enum(elementKinds),
      name: z.string(),
      description: z.string().nullable(),
      technology: z.string().nullable(),
      status: z.enum(elementStatuses),
      parentId: guid.nullable(),
      tags: z.array(z.string()),
      icon: z.string().nullable(),
      ...factFields,
    })
    .meta({ id: 'Element' }),
);

export const relationshipSchema = describes<RelationshipRecord>()(
  z
    .object({
      id: guid,
      fromId: guid,
      toId: guid,
      label: z.string().nullable(),
      technology: z.string().nullable(),
      kind: z.enum(relationshipKinds),
      lineShape: z.string().max(modelLimits.lineShape).nullable(),
      ...factFields,
    })
    .meta({ id: 'Relationship' }),
);

export const messageSchema = describes<MessageRecord>()(
  z
    .object({
      id: guid,
      name: z.string(),
      description: z.string().nullable(),
      producerId: guid,
      consumerIds: z.array(guid),
      schemaId: guid.nullable(),
      tags: z.array(z.string()),
      ...factFields,
    })
    .meta({ id: 'Message' }),
);

export const schemaRecordSchema = describes<SchemaRecord>()(
  z
    .object({ id: guid, name: z.string(), description: z.string().nullable(), content: z.string(), version: z.number().int().meta({ description: 'Set by the service; not read from a request.' }) })
    .meta({ id: 'Schema' }),
);

export const operationSchema = describes<OperationRecord>()(
  z
    .object({
      id: guid,
      ownerId: guid,
      name: z.string(),
      transport: z.enum(transports),
      requestSchemaId: guid.nullable(),
      responseSchemaId: guid.nullable(),
      timeoutMs: z.number().int().min(0).max(modelLimits.timeoutMs).nullable(),
      retry: retryPolicySchema.nullable(),
      ...factFields,
    })
    .meta({ id: 'Operation' }),
);

export const channelSchema = describes<ChannelRecord>()(z.object({ id: guid, name: z.string(), kind: z.enum(channelKinds), ...factFields }).meta({ id: 'Channel' }));

export const subscriptionSchema = describes<SubscriptionRecord>()(
  z.object({ id: guid, channelId: guid, consumerId: guid, retry: retryPolicySchema.nullable(), deadLetterChannelId: guid.nullable(), ...factFields }).meta({ id: 'Subscription' }),
);

export const bindingSchema = describes<BindingRecord>()(
  z.object({ id: guid, sourceChannelId: guid, targetChannelId: guid, routingKey: z.string().max(200).nullable(), ...factFields }).meta({ id: 'Binding' }),
);

export const recordSchemaOfKind = {
  element: elementSchema,
  relationship: relationshipSchema,
  message: messageSchema,
  schema: schemaRecordSchema,
  operation: operationSchema,
  channel: channelSchema,
  subscription: subscriptionSchema,
  binding: bindingSchema,
} as const satisfies Record<ModelKind, z.ZodObject>;

/** Fields an entry may leave out (part 1: missing means empty, null or the default); `id` is the caller's or a new one. */
const requiredFieldsOfKind: Readonly<Record<ModelKind, readonly string[]>> = {
  element: ['kind', 'name', 'status'],
  relationship: ['fromId', 'toId'],
  message: ['name', 'producerId'],
  schema: ['name', 'content'],
  operation: ['ownerId', 'name', 'transport'],
  channel: ['name', 'kind'],
  subscription: ['channelId', 'consumerId'],
  binding: ['sourceChannelId', 'targetChannelId'],
};

/**
 * A record as a create or replace request sends it: the record's fields,
 * those the spec lets an entry leave out optional; unknown fields are refused.
 */
export function recordEntrySchemaOf(kind: ModelKind): z.ZodObject {
  const known = entrySchemas.get(kind);
  if (known) return known;
  const record = recordSchemaOfKind[kind] as z.ZodObject;
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(record.shape)) {
    if (kind === 'schema' && name === 'version') continue;
    shape[name] = requiredFieldsOfKind[kind].includes(name) ? (field as z.ZodType) : (field as z.ZodType).optional();
  }
  const entry = z.strictObject(shape).meta({ id: `${record.meta()?.id as string}Entry` });
  entrySchemas.set(kind, entry);
  return entry;
}

const entrySchemas = new Map<ModelKind, z.ZodObject>();

export const modelKindSchema = z.enum(modelKinds);

const importItemSchema = describes<ImportItem>()(
  z.object({
    kind: modelKindSchema,
    id: z.string(),
    name: z.string().nullable(),
    change: z.enum(['added', 'changed', 'unchanged', 'refused']),
    error: z.string().nullable(),
    importedAs: guid.nullable(),
  }),
);

export const importResultSchema = describes<ImportResult>()(
  z.object({
    applied: z.boolean(),
    modelVersion: z.number().int().meta({ description: 'The version the entries were read against; the Model-Version header gives the version after the import.' }),
    added: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
    items: z.array(importItemSchema),
    ignored: z.array(ignoredMemberSchema),
  }),
);

export const factLabelSchema = describes<FactLabel>()(
  z.object({ entityType: modelKindSchema, entityId: guid, factStatus: factStatusSchema, provenance: provenanceSchema.nullable(), stale: staleMarkSchema.nullable(), modelVersion: z.number().int() }),
);

/** The model document (part 1 "Model document, top level"), as the export writes it. */
export const modelDocumentSchema = z
  .object({
    version: z.string(),
    project: z.object({ name: z.string() }),
    elements: z.array(elementSchema),
    relationships: z.array(relationshipSchema),
    messages: z.array(messageSchema),
    schemas: z.array(schemaRecordSchema),
    operations: z.array(operationSchema),
    channels: z.array(channelSchema),
    subscriptions: z.array(subscriptionSchema),
    bindings: z.array(bindingSchema),
  })
  .meta({ id: 'ModelDocument' });
