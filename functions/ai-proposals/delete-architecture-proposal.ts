import { defineRoute } from '../../lib/platform/http/define-route';
import { inProposals } from './proposal-contract-parts';
import { deleteProposalOf } from './proposal-operations';

/** 409 when the proposal wrote anything. */
export const deleteArchitectureProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'delete-architecture-proposal',
  method: 'DELETE',
  path: '/api/projects/{projectId}/ai/architecture-proposals/{proposalId}',
  auth: 'signed-in',
  summary: 'Delete an architecture proposal none of whose items was accepted (its maker or an owner)',
  answers: { 204: 'empty', 403: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor', note: 'The editor who made it, or an owner (403 for anyone else).' },
  description: '409 when any of its items was accepted.',
  example: { params: { ...inProposals, proposalId: '{doomedArchitectureProposalId}' }, last: true },
  run: deleteProposalOf('architecture'),
});
