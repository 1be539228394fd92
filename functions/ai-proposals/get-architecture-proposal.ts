import type { Operation } from '../../lib/http/api-types';
import { getProposalOf } from './proposal-operations';

/** GET P/ai/architecture-proposals/{proposalId} (viewer): the whole proposal. */
export const getArchitectureProposal: Operation = getProposalOf('architecture');
