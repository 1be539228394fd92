/**
 * One fact a scan found, as stored by the server and pushed by `svc scan`:
 * the wire format of extraction (docs/extraction.md "Facts"). The fields of
 * each `entityKind` are those of the model document's record of that kind
 * (docs/model-document.md), with references written as fact keys instead of
 * IDs (`fromKey` for `fromId`, `schemaKey` for `schemaId`…), so an accepted
 * fact is written through the model import rules once the keys have IDs.
 * Fields a scan cannot know (status, parent, icon, timeouts, retries) are
 * absent: acceptance gives them.
 */
import { z } from 'zod';
import { channelKinds, elementKinds, relationshipKinds, transports } from '../model/model-records';
import { freeTextProblem, isBlank, shortTextProblem } from '../../platform/text/text-rules';
import { storableText } from './storable-text';

/** Longest name a scan reports; longer names are left out with their fact. */
export const maxFactNameLength = 200;
const maxKeyLength = 8192;

const oneLine = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => shortTextProblem(text) === null, 'must be one line of valid Unicode without control characters');
const name = oneLine(maxFactNameLength).refine((text) => !isBlank(text), 'must not be blank');
const freeText = z.string().refine((text) => freeTextProblem(text) === null, 'must be valid Unicode without U+0000');
const key = oneLine(maxKeyLength).min(1);

/** The lines of one file that state a fact (1-based, both ends included). */
export const evidenceSchema = z
  .strictObject({
    path: storableText(1, 4096),
    startLine: z.int().min(1),
    endLine: z.int().min(1),
  })
  .refine((evidence) => evidence.endLine >= evidence.startLine, { path: ['endLine'], message: 'must not be before startLine' });
export type Evidence = z.infer<typeof evidenceSchema>;

/** What every fact carries: its key, its truth label and where it was read. */
const factBase = {
  /** Stable across scans while the source says the same thing: `element:app:orders`, `channel:orders.placed`… */
  key,
  /** `observed-in-source`: a file states it; `inferred`: concluded from a name or a host, with `confidence`. */
  factStatus: z.enum(['observed-in-source', 'inferred']),
  /** 0 to 1 for an inferred fact (becomes provenance.confidence); null for an observed one. */
  confidence: z.number().min(0).max(1).nullable(),
  /** Sorted by path, then lines; at least one. */
  evidence: z.array(evidenceSchema).min(1),
};

export const extractedElementSchema = z.strictObject({
  entityKind: z.literal('element'),
  ...factBase,
  kind: z.enum(elementKinds),
  name,
  description: freeText.nullable(),
  technology: oneLine(200).nullable(),
});

export const extractedRelationshipSchema = z.strictObject({
  entityKind: z.literal('relationship'),
  ...factBase,
  fromKey: key,
  toKey: key,
  label: oneLine(500).nullable(),
  technology: oneLine(200).nullable(),
  kind: z.enum(relationshipKinds),
});

export const extractedMessageSchema = z.strictObject({
  entityKind: z.literal('message'),
  ...factBase,
  name,
  description: freeText.nullable(),
  /** Null when no scanned document names a producer: the model needs one before the fact can be accepted. */
  producerKey: key.nullable(),
  consumerKeys: z.array(key),
  schemaKey: key.nullable(),
  tags: z.array(oneLine(100)),
});

export const extractedSchemaSchema = z.strictObject({
  entityKind: z.literal('schema'),
  ...factBase,
  name,
  description: freeText.nullable(),
  /** The JSON Schema as JSON text. */
  content: freeText.min(1),
});

export const extractedOperationSchema = z.strictObject({
  entityKind: z.literal('operation'),
  ...factBase,
  ownerKey: key,
  name,
  transport: z.enum(transports),
  requestSchemaKey: key.nullable(),
  responseSchemaKey: key.nullable(),
});

export const extractedChannelSchema = z.strictObject({
  entityKind: z.literal('channel'),
  ...factBase,
  name,
  kind: z.enum(channelKinds),
});

export const extractedSubscriptionSchema = z.strictObject({
  entityKind: z.literal('subscription'),
  ...factBase,
  channelKey: key,
  consumerKey: key,
});

export const extractedBindingSchema = z.strictObject({
  entityKind: z.literal('binding'),
  ...factBase,
  sourceChannelKey: key,
  targetChannelKey: key,
  routingKey: oneLine(200).nullable(),
});

/** One extracted fact: the wire format of server scans and of the agent push. */
export const extractedFactSchema = z
  .discriminatedUnion('entityKind', [
    extractedElementSchema,
    extractedRelationshipSchema,
    extractedMessageSchema,
    extractedSchemaSchema,
    extractedOperationSchema,
    extractedChannelSchema,
    extractedSubscriptionSchema,
    extractedBindingSchema,
  ])
  .superRefine((fact, ctx) => {
    if (!fact.key.startsWith(`${fact.entityKind}:`)) ctx.addIssue({ code: 'custom', path: ['key'], message: `must start with ${fact.entityKind}:` });
    if (fact.factStatus === 'inferred' && fact.confidence === null) ctx.addIssue({ code: 'custom', path: ['confidence'], message: 'is required when factStatus is inferred' });
    if (fact.factStatus === 'observed-in-source' && fact.confidence !== null) ctx.addIssue({ code: 'custom', path: ['confidence'], message: 'must be null when factStatus is observed-in-source' });
  });

export type ExtractedFact = z.infer<typeof extractedFactSchema>;
export type ExtractedEntityKind = ExtractedFact['entityKind'];
export type ExtractedFactOf<K extends ExtractedEntityKind> = Extract<ExtractedFact, { entityKind: K }>;
