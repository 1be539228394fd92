import type { Operation } from '../../lib/http/api-types';
import { deleteProposalOf } from './proposal-operations';

/** DELETE P/ai/architecture-proposals/{proposalId} (the editor who made it, or an owner): 204; 409 when the proposal wrote anything. */
export const deleteArchitectureProposal: Operation = deleteProposalOf('architecture');
