import { z } from 'zod';
import { architectureOutputSchema } from '../../lib/features/ai-proposals/architecture-output';
import { flowOutputSchema } from '../../lib/features/ai-proposals/flow-output';
import { proposalStatuses } from '../../contracts/ai-proposals';
import { guidText, pageCursor, pageLimit, storedText } from '../../lib/platform/http/common-schemas';

/** The written request: free text, 4000 characters at most (docs/ai-proposals.md "Limits"). */
const requestText = storedText(4000).nullable();
const guid = guidText.transform((id) => id.toLowerCase());
/** Elements a request is about: 200 at most. */
const selection = z.array(guid, 'must be a list of element IDs').max(200, 'must name at most 200 elements').nullable();
const booleanText = z.enum(['true', 'false'], 'must be true or false').transform((value) => value === 'true');

/** Query of the list endpoints (part 1 "AI design proposals"). */
export const proposalListQuery = z.strictObject({
  cursor: pageCursor.optional(),
  limit: pageLimit,
  status: z.enum(proposalStatuses, `must be one of ${proposalStatuses.join(', ')}`).optional(),
  submitted: booleanText.optional(),
  mine: booleanText.optional(),
  decided: booleanText.optional(),
});

/** The architecture list also takes `scanId`: the proposal made from that scan's facts (docs/ai-proposals.md "Architecture from a scan"). */
export const architectureListQuery = proposalListQuery.extend({ scanId: guid.optional() });

export const flowProposalBody = z.strictObject({
  request: requestText,
  branchId: guid.nullable(),
  reviseScenarioId: guid.nullable(),
  selection: selection.optional().transform((value) => value ?? null),
  documentSourceId: guid.nullable().optional().transform((value) => value ?? null),
  documentPath: z.string().max(1000, 'must have at most 1000 characters').nullable().optional().transform((value) => value ?? null),
});

export const flowSubmitBody = z.strictObject({
  request: requestText,
  reviseScenarioId: guid.nullable(),
  flow: flowOutputSchema.nullable().refine((flow) => flow !== null, 'is required: a flow output'),
});

/** The accept request: both members optional; the whole body may be null or empty. */
export const acceptFlowBody = z
  .strictObject({
    scenarioId: guid.nullable().optional().transform((value) => value ?? null),
    name: z.string().max(200, 'must have at most 200 characters').nullable().optional().transform((value) => value ?? null),
  })
  .nullable();

export const architectureProposalBody = z.strictObject({
  request: requestText,
  branchId: guid.nullable(),
  selection: selection.optional().transform((value) => value ?? null),
});

export const architectureFromDocumentBody = z.strictObject({
  sourceId: guid.nullable().refine((id) => id !== null, 'is required: the Source holding the document'),
  path: z.string().max(1000, 'must have at most 1000 characters').nullable().refine((path) => path !== null, 'is required: the document\'s path in the Source'),
  request: requestText.optional().transform((value) => value ?? null),
});

export const architectureSubmitBody = z.strictObject({
  request: requestText,
  proposal: architectureOutputSchema.nullable().refine((proposal) => proposal !== null, 'is required: an architecture output'),
});

const itemIds = z.array(guid, 'must be a list of item IDs').max(1000, 'must name at most 1000 items').nullable();
export const decideBody = z.strictObject({ accept: itemIds, reject: itemIds });
