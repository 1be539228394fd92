import type { Operation } from '../../lib/http/api-types';
import { getProposalOf } from './proposal-operations';

/** GET P/ai/flow-proposals/{proposalId} (viewer): the whole proposal. */
export const getFlowProposal: Operation = getProposalOf('flow');
