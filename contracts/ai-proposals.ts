/**
 * AI proposals as the API answers them (docs/ai-proposals.md "Records"): one zod schema per
 * answer, its type made from it. A flow proposal's whole record names the model's records and the
 * scenario document.
 */
import { z } from 'zod';
import { bindingSchema, channelSchema, elementSchema, messageSchema, operationSchema, relationshipSchema, schemaRecordSchema, subscriptionSchema } from './model';
import { guid, pageOf, timestamp } from './schema-kit';
import { scenarioDocumentSchema } from './scenarios';

/**
 * A proposal's states (docs/ai-proposals.md "States"): `open` until decided;
 * `accepted` when its scenario was written (flow) or every item is decided and at
 * least one was accepted (architecture); `rejected` when rejected (flow) or every
 * item was rejected (architecture).
 */
export const proposalStatuses = ['open', 'accepted', 'rejected'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

const actor = z.string().meta({ description: '`user:<id>` or `agent-token:<id>`.' });

const summaryFields = {
  status: z.enum(proposalStatuses),
  request: z.string().nullable(),
  submitted: z.boolean().meta({ description: 'Made by submit, without AI.' }),
  branchId: guid.nullable(),
  modelVersion: z.number().int().meta({ description: 'The version of the line (main or the branch) the proposal was made against.' }),
  provider: z
    .object({ id: z.string(), kind: z.string().nullable(), model: z.string().nullable(), callId: z.string().nullable().meta({ description: 'The call record (`GET /api/workspaces/{workspaceId}/ai/calls`).' }) })
    .nullable()
    .meta({ description: 'The provider that made it; null for a submitted proposal.' }),
  createdBy: actor,
  createdAt: timestamp,
  decidedBy: actor.nullable(),
  decidedAt: timestamp.nullable(),
};

/** The members of a flow proposal's summary, which its whole record begins with. */
export const flowSummaryFields = {
  id: guid,
  kind: z.literal('flow'),
  ...summaryFields,
  scenarioName: z.string(),
  reviseScenarioId: guid.nullable(),
  scenarioId: guid.nullable().meta({ description: 'The scenario accept wrote; null until accepted.' }),
  missingCount: z.number().int(),
  missingCreated: z.number().int(),
};

const architectureSummaryFields = {
  id: guid,
  kind: z.literal('architecture'),
  ...summaryFields,
  scanId: guid.nullable().meta({ description: 'The scan whose facts the proposal groups into services; null for a proposal asked for or submitted (docs/ai-proposals.md "Architecture from a scan").' }),
  itemCount: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  droppedCount: z.number().int(),
};

export const flowProposalSummarySchema = z.object(flowSummaryFields).meta({ id: 'FlowProposalSummary' });
export type FlowProposalSummary = z.infer<typeof flowProposalSummarySchema>;
export const architectureProposalSummarySchema = z.object(architectureSummaryFields).meta({ id: 'ArchitectureProposalSummary' });
export type ArchitectureProposalSummary = z.infer<typeof architectureProposalSummarySchema>;

/** The members a whole proposal adds to its summary, of either kind. */
export const viewFields = {
  selection: z.array(guid).nullable().meta({ description: 'The elements the request was about.' }),
  document: z.object({ sourceId: guid, path: z.string() }).nullable().meta({ description: 'The document of a Source the proposal was read from.' }),
  truthNote: z.string(),
};

const offeredItemSchema = z.object({
  id: guid.meta({ description: 'The item\'s own ID: what `decide` names.' }),
  kind: z.enum(['element', 'relationship', 'message', 'operation', 'channel', 'subscription', 'binding']),
  action: z.enum(['add', 'update']),
  recordId: guid,
  ref: z.string().nullable(),
  record: z.record(z.string(), z.unknown()).meta({ description: 'The record\'s fields as proposed, references resolved to IDs.' }),
  confidence: z.number().min(0).max(1),
  rationale: z.string(),
  decision: z.enum(['pending', 'accepted', 'rejected']),
});
export type OfferedItemView = z.infer<typeof offeredItemSchema>;

const droppedItemSchema = z.object({ index: z.number().int(), kind: z.string(), action: z.string(), ref: z.string().nullable(), recordId: z.string().nullable(), reason: z.string() });
export type DroppedItemView = z.infer<typeof droppedItemSchema>;

/** An architecture proposal whole: its items as offered and decided, and those dropped with their reason. */
export const architectureProposalSchema = z
  .object({ ...architectureSummaryFields, ...viewFields, items: z.array(offeredItemSchema), dropped: z.array(droppedItemSchema), notes: z.string().nullable() })
  .meta({ id: 'ArchitectureProposal' });
export type ArchitectureProposal = z.infer<typeof architectureProposalSchema>;

/** `GET P/ai/flow-proposals`: summaries newest first. */
export const flowProposalPageSchema = pageOf(flowProposalSummarySchema);
/** `GET P/ai/architecture-proposals`: summaries newest first. */
export const architectureProposalPageSchema = pageOf(architectureProposalSummarySchema);

const anyModelRecordSchema = z.union([elementSchema, relationshipSchema, messageSchema, schemaRecordSchema, operationSchema, channelSchema, subscriptionSchema, bindingSchema]);

/** A record the flow names that the model lacks, planned with the ID it is created with. */
export const plannedMissingItemSchema = z.object({
  alias: z.string(),
  kind: z.enum(['element', 'operation', 'channel']),
  id: guid.meta({ description: 'The ID the record is created with; the scenario names it already.' }),
  record: anyModelRecordSchema.meta({ description: 'The record as `missing/{alias}/create` writes it.' }),
  needs: z.array(z.string()).meta({ description: 'Aliases of records to create first.' }),
  createdId: guid.nullable(),
  createdBy: actor.nullable(),
  createdAt: timestamp.nullable(),
});

export type PlannedMissingItem = z.infer<typeof plannedMissingItemSchema>;

/** A flow proposal whole: its summary, who may decide it, and the flow (the scenario, the missing records, notes). */
export const flowProposalSchema = z
  .object({
    ...flowSummaryFields,
    ...viewFields,
    flow: z.object({
      missing: z.array(plannedMissingItemSchema),
      notes: z.string().nullable(),
      scenario: scenarioDocumentSchema.meta({ description: 'The scenario, its aliases replaced by the IDs the missing records get.' }),
    }),
  })
  .meta({ id: 'FlowProposal' });

export type FlowProposal = z.infer<typeof flowProposalSchema>;
