/**
 * The model's records exactly as the API answers them and the model document writes them (part 1
 * "Resources and their fields", "Model document"): camelCase, every nullable field present (null
 * when empty), lists never null. One zod schema per answer, its type made from it: the record
 * collections, their pages, the model document, the import result and the fact label. The server
 * stores and answers these types (lib/core/model/model-records.ts names them for the model's code)
 * and the web client reads them. The service reads entries with the faster field tables of
 * lib/core/model/record-schemas.ts, typed by the same records.
 */
import { z } from 'zod';
import { provenanceSourceLength } from './fact-statuses';
import { factStatusSchema, provenanceSchema } from './facts';
import { guid, ignoredMemberSchema } from './schema-kit';

export const modelKinds = ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding'] as const;
export type ModelKind = (typeof modelKinds)[number];

export const elementKinds = ['actor', 'system', 'app', 'store', 'component'] as const;
export type ElementKind = (typeof elementKinds)[number];

export const elementStatuses = ['current', 'planned', 'deprecated', 'removed'] as const;
export type ElementStatus = (typeof elementStatuses)[number];

export const relationshipKinds = ['structural', 'behavioural'] as const;
export const transports = ['http', 'grpc', 'command'] as const;
export const channelKinds = ['topic', 'queue', 'exchange'] as const;

/** The limits of part 1 "Limits" on a record's own fields (the entry reader keeps the same ones). */
export const recordFieldLimits = Object.freeze({
  timeoutMs: 3_600_000,
  backoffMs: 3_600_000,
  maxAttempts: 10,
  provenanceSource: provenanceSourceLength,
  staleReason: 100,
  lineShape: 100,
});

/** Set by a scan that no longer finds a fact's evidence: since which revision, and why. */
export const staleMarkSchema = z.object({ sinceRevision: z.string(), reason: z.string().max(recordFieldLimits.staleReason) }).meta({ id: 'StaleMark' });

export type StaleMark = z.infer<typeof staleMarkSchema>;

export const retryPolicySchema = z
  .object({ maxAttempts: z.number().int().min(1).max(recordFieldLimits.maxAttempts), backoffMs: z.number().int().min(0).max(recordFieldLimits.backoffMs) })
  .meta({ id: 'RetryPolicy' });

export type RetryPolicy = z.infer<typeof retryPolicySchema>;

/** The fact fields of every kind but schema (part 1 "Fact fields"). */
const factFieldsSchema = z.object({ factStatus: factStatusSchema, provenance: provenanceSchema.nullable(), stale: staleMarkSchema.nullable() });

export type FactFields = z.infer<typeof factFieldsSchema>;

export const elementSchema = z
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
    ...factFieldsSchema.shape,
  })
  .meta({ id: 'Element' });

export type ElementRecord = z.infer<typeof elementSchema>;

export const relationshipSchema = z
  .object({
    id: guid,
    fromId: guid,
    toId: guid,
    label: z.string().nullable(),
    technology: z.string().nullable(),
    kind: z.enum(relationshipKinds),
    lineShape: z.string().max(recordFieldLimits.lineShape).nullable(),
    ...factFieldsSchema.shape,
  })
  .meta({ id: 'Relationship' });

export type RelationshipRecord = z.infer<typeof relationshipSchema>;

export const messageSchema = z
  .object({
    id: guid,
    name: z.string(),
    description: z.string().nullable(),
    producerId: guid,
    consumerIds: z.array(guid),
    schemaId: guid.nullable(),
    tags: z.array(z.string()),
    ...factFieldsSchema.shape,
  })
  .meta({ id: 'Message' });

export type MessageRecord = z.infer<typeof messageSchema>;

/** A schema has no fact fields. */
export const schemaRecordSchema = z
  .object({ id: guid, name: z.string(), description: z.string().nullable(), content: z.string(), version: z.number().int().meta({ description: 'Set by the service; not read from a request.' }) })
  .meta({ id: 'Schema' });

export type SchemaRecord = z.infer<typeof schemaRecordSchema>;

export const operationSchema = z
  .object({
    id: guid,
    ownerId: guid,
    name: z.string(),
    transport: z.enum(transports),
    requestSchemaId: guid.nullable(),
    responseSchemaId: guid.nullable(),
    // null: the operation declares no timeout.
    timeoutMs: z.number().int().min(0).max(recordFieldLimits.timeoutMs).nullable(),
    retry: retryPolicySchema.nullable(),
    ...factFieldsSchema.shape,
  })
  .meta({ id: 'Operation' });

export type OperationRecord = z.infer<typeof operationSchema>;

export const channelSchema = z.object({ id: guid, name: z.string(), kind: z.enum(channelKinds), ...factFieldsSchema.shape }).meta({ id: 'Channel' });

export type ChannelRecord = z.infer<typeof channelSchema>;

export const subscriptionSchema = z
  .object({ id: guid, channelId: guid, consumerId: guid, retry: retryPolicySchema.nullable(), deadLetterChannelId: guid.nullable(), ...factFieldsSchema.shape })
  .meta({ id: 'Subscription' });

export type SubscriptionRecord = z.infer<typeof subscriptionSchema>;

export const bindingSchema = z
  .object({ id: guid, sourceChannelId: guid, targetChannelId: guid, routingKey: z.string().max(200).nullable(), ...factFieldsSchema.shape })
  .meta({ id: 'Binding' });

export type BindingRecord = z.infer<typeof bindingSchema>;

/** The record schema of each kind, which its collection answers. */
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

export type RecordOfKind = { [K in ModelKind]: z.infer<(typeof recordSchemaOfKind)[K]> };

export type AnyModelRecord = RecordOfKind[ModelKind];

/** A page of a collection: its records in ID order, how many match in all, the next page's cursor. */
function recordPageOf<T extends z.ZodType>(record: T) {
  return z.object({ items: z.array(record), total: z.number().int(), nextCursor: z.string().nullable() });
}

/** `GET P/elements`. */
export const elementPage = recordPageOf(elementSchema);
/** `GET P/relationships`. */
export const relationshipPage = recordPageOf(relationshipSchema);
/** `GET P/messages`. */
export const messagePage = recordPageOf(messageSchema);
/** `GET P/schemas`. */
export const schemaRecordPage = recordPageOf(schemaRecordSchema);
/** `GET P/operations`. */
export const operationPage = recordPageOf(operationSchema);
/** `GET P/channels`. */
export const channelPage = recordPageOf(channelSchema);
/** `GET P/subscriptions`. */
export const subscriptionPage = recordPageOf(subscriptionSchema);
/** `GET P/bindings`. */
export const bindingPage = recordPageOf(bindingSchema);

/** The page schema of each kind, which its collection's list answers. */
export const recordPageOfKind = {
  element: elementPage,
  relationship: relationshipPage,
  message: messagePage,
  schema: schemaRecordPage,
  operation: operationPage,
  channel: channelPage,
  subscription: subscriptionPage,
  binding: bindingPage,
} as const satisfies Record<ModelKind, z.ZodObject>;

/** A page of any collection, read without knowing its kind. */
export type RecordPage = Omit<z.infer<typeof elementPage>, 'items'> & { items: AnyModelRecord[] };

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

const entrySchemas = new Map<ModelKind, z.ZodObject>();

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

export const modelKindSchema = z.enum(modelKinds);

/** What an import does with one entry. */
export const importChanges = ['added', 'changed', 'unchanged', 'refused'] as const;
export type ImportChange = (typeof importChanges)[number];

/** One item of the import result per document entry (part 1 "Import result"). */
export const importItemSchema = z.object({
  kind: modelKindSchema,
  // The entry's ID in lower case; its raw text, or `#<index in its list>`, when it is not a GUID.
  id: z.string(),
  // The entry's name, or a relationship's label.
  name: z.string().nullable(),
  change: z.enum(importChanges),
  // Why the entry is refused: its reasons joined with "; ".
  error: z.string().nullable(),
  // For a schema whose ID belongs to another project: the ID it gets here (rule 9).
  importedAs: guid.nullable(),
});

export type ImportItem = z.infer<typeof importItemSchema>;

/** `POST P/import`: the import result of part 1 "Import result", plus `ignored`: the members no field reads, each with its JSON path. */
export const importResultSchema = z.object({
  applied: z.boolean(),
  modelVersion: z.number().int().meta({ description: 'The version the entries were read against; the Model-Version header gives the version after the import.' }),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  items: z.array(importItemSchema),
  ignored: z.array(ignoredMemberSchema),
});

export type ImportResult = z.infer<typeof importResultSchema>;

/** The fact label the facts endpoints answer (`POST P/facts/{entityType}/{entityId}/accept`, `…/mark-unknown`). */
export const factLabelSchema = z.object({
  entityType: modelKindSchema,
  entityId: guid,
  factStatus: factStatusSchema,
  provenance: provenanceSchema.nullable(),
  stale: staleMarkSchema.nullable(),
  modelVersion: z.number().int(),
});

export type FactLabel = z.infer<typeof factLabelSchema>;

/** `GET P/export`: the model document (part 1 "Model document, top level"), as the export writes it. */
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

export type ModelDocument = z.infer<typeof modelDocumentSchema>;
