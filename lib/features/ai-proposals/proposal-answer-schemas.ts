/**
 * A flow proposal whole as the API answers it (proposal-views.ts), as a zod schema for the
 * OpenAPI document and the contract test (docs/openapi.md), checked against the view's type
 * (`describes`): it names the model's records and the scenario document, so it stays beside them;
 * the summaries and the architecture proposal are contracts (contracts/ai-proposals.ts).
 */
import { z } from 'zod';
import { bindingSchema, channelSchema, elementSchema, messageSchema, operationSchema, relationshipSchema, schemaRecordSchema, subscriptionSchema } from '../../../contracts/model';
import { flowSummaryFields, viewFields } from '../../../contracts/ai-proposals';
import { describes, guid, timestamp } from '../../../contracts/schema-kit';
import { scenarioDocumentSchema } from '../../../contracts/scenarios';
import type { PlannedMissingItem } from './plan-flow-proposal';
import type { FlowProposalView } from './proposal-views';

const actor = z.string().meta({ description: '`user:<id>` or `agent-token:<id>`.' });

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
