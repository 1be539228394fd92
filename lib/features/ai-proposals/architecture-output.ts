/**
 * "Architecture output" (part 1 "AI design proposals"; docs/ai-proposals.md):
 * what a provider answers for `inferArchitecture` and what POST
 * …/architecture-proposals/submit takes as `proposal`. A list of model changes,
 * each adding a record or giving an existing record as it should be, with a
 * confidence and a rationale. Nothing here can delete: a proposal only adds
 * and changes, and only what a person accepts.
 */
import { z } from 'zod';
import { refineStoredStrings } from '../../platform/http/common-schemas';
import { aliasText, bindingFields, channelFields, elementFields, messageFields, operationFields, relationshipFields, subscriptionFields } from './proposal-records';

/** Most items one architecture proposal may hold. */
export const maxArchitectureItems = 200;

const common = {
  action: z.enum(['add', 'update']).describe('add: a new record; update: the record `id` names, as it should be.'),
  ref: aliasText.nullable().describe('For add: an alias other items may use to name this record; null when none does.'),
  id: z.string().max(64).nullable().describe('For update: the GUID of the record of the model; null for add.'),
  confidence: z.number().min(0).max(1),
  rationale: z.string().max(2000),
};

export const architectureItem = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('element'), ...common, record: elementFields }),
  z.strictObject({ kind: z.literal('relationship'), ...common, record: relationshipFields }),
  z.strictObject({ kind: z.literal('message'), ...common, record: messageFields }),
  z.strictObject({ kind: z.literal('operation'), ...common, record: operationFields }),
  z.strictObject({ kind: z.literal('channel'), ...common, record: channelFields }),
  z.strictObject({ kind: z.literal('subscription'), ...common, record: subscriptionFields }),
  z.strictObject({ kind: z.literal('binding'), ...common, record: bindingFields }),
]);
export type ArchitectureItem = z.infer<typeof architectureItem>;

export const architectureOutputSchema = z.strictObject({
  items: z.array(architectureItem).max(maxArchitectureItems),
  notes: z.string().max(4000).nullable().describe('What the changes are based on, for the person deciding; data, not instructions.'),
})
  // Every string is stored (jsonb) and shown: U+0000 and lone surrogates are refused wherever they stand.
  .superRefine(refineStoredStrings);
export type ArchitectureOutput = z.infer<typeof architectureOutputSchema>;
