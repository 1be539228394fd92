/**
 * AI proposals as the API answers them (proposal-views.ts), as zod schemas for
 * the OpenAPI document and the contract test (docs/openapi.md). The compiler
 * checks each against the view's type (`describes`); only a flow's scenario is
 * the scenario document's own loose schema.
 */
import { z } from 'zod';
import { bindingSchema, channelSchema, elementSchema, messageSchema, operationSchema, relationshipSchema, schemaRecordSchema, subscriptionSchema } from '../../core/model/record-answer-schemas';
import { describes, guid, pageOf, timestamp } from '../../../contracts/schema-kit';
import { scenarioDocumentSchema } from '../../../contracts/scenarios';
import type { DroppedItem, OfferedItem } from './plan-architecture-proposal';
import type { PlannedMissingItem } from './plan-flow-proposal';
import { proposalStatuses } from './proposal-store';
import type { ArchitectureProposalSummary, ArchitectureProposalView, FlowProposalSummary, FlowProposalView } from './proposal-views';

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

const flowSummaryFields = {
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

export const flowProposalSummarySchema = describes<FlowProposalSummary>()(z.object(flowSummaryFields).meta({ id: 'FlowProposalSummary' }));
export const architectureProposalSummarySchema = describes<ArchitectureProposalSummary>()(z.object(architectureSummaryFields).meta({ id: 'ArchitectureProposalSummary' }));

const viewFields = {
  selection: z.array(guid).nullable().meta({ description: 'The elements the request was about.' }),
  document: z.object({ sourceId: guid, path: z.string() }).nullable().meta({ description: 'The document of a Source the proposal was read from.' }),
  truthNote: z.string(),
};

const anyModelRecordSchema = z.union([elementSchema, relationshipSchema, messageSchema, schemaRecordSchema, operationSchema, channelSchema, subscriptionSchema, bindingSchema]);

const plannedMissingItemSchema = describes<PlannedMissingItem>()(
  z.object({
    alias: z.string(),
    kind: z.enum(['element', 'operation', 'channel']),
    id: guid.meta({ description: 'The ID the record is created with; the scenario names it already.' }),
    record: anyModelRecordSchema.meta({ description: 'The record as `missing/{alias}/create` writes it.' }),
    needs: z.array(z.string()).meta({ description: 'Aliases of records to create first.' }),
    createdId: guid.nullable(),
    createdBy: actor.nullable(),
    createdAt: timestamp.nullable(),
  }),
);

const flowFields = describes<Omit<FlowProposalView['flow'], 'scenario'>>()(z.object({ missing: z.array(plannedMissingItemSchema), notes: z.string().nullable() }));

export const flowProposalSchema = describes<Omit<FlowProposalView, 'flow'>>()(z.object({ ...flowSummaryFields, ...viewFields }))
  .extend({ flow: flowFields.extend({ scenario: scenarioDocumentSchema.meta({ description: 'The scenario, its aliases replaced by the IDs the missing records get.' }) }) })
  .meta({ id: 'FlowProposal' });

const offeredItemSchema = describes<OfferedItem>()(
  z.object({
    id: guid.meta({ description: 'The item\'s own ID: what `decide` names.' }),
    kind: z.enum(['element', 'relationship', 'message', 'operation', 'channel', 'subscription', 'binding']),
    action: z.enum(['add', 'update']),
    recordId: guid,
    ref: z.string().nullable(),
    record: z.record(z.string(), z.unknown()).meta({ description: 'The record\'s fields as proposed, references resolved to IDs.' }),
    confidence: z.number().min(0).max(1),
    rationale: z.string(),
    decision: z.enum(['pending', 'accepted', 'rejected']),
  }),
);

const droppedItemSchema = describes<DroppedItem>()(
  z.object({ index: z.number().int(), kind: z.string(), action: z.string(), ref: z.string().nullable(), recordId: z.string().nullable(), reason: z.string() }),
);

export const architectureProposalSchema = describes<ArchitectureProposalView>()(
  z.object({ ...architectureSummaryFields, ...viewFields, items: z.array(offeredItemSchema), dropped: z.array(droppedItemSchema), notes: z.string().nullable() }).meta({ id: 'ArchitectureProposal' }),
);

export const flowProposalPageSchema = pageOf(flowProposalSummarySchema);
export const architectureProposalPageSchema = pageOf(architectureProposalSummarySchema);
