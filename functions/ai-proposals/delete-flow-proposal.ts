import { defineRoute } from '../../lib/platform/http/define-route';
import { inProposals } from './proposal-contract-parts';
import { deleteProposalOf } from './proposal-operations';

/** 409 when the proposal wrote anything. */
export const deleteFlowProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'delete-flow-proposal',
  method: 'DELETE',
  path: '/api/projects/{projectId}/ai/flow-proposals/{proposalId}',
  auth: 'signed-in',
  summary: 'Delete a flow proposal that wrote nothing (its maker or an owner)',
  answers: { 204: 'empty', 403: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor', note: 'The editor who made it, or an owner (403 for anyone else).' },
  description: '409 when the proposal wrote anything (a record or its scenario).',
  example: { params: { ...inProposals, proposalId: '{doomedFlowProposalId}' }, last: true },
  run: deleteProposalOf('flow'),
});
