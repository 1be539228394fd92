import { flowProposalSchema } from '../../contracts/ai-proposals';
import { defineRoute } from '../../lib/platform/http/define-route';
import { inProposals } from './proposal-contract-parts';
import { getProposalOf } from './proposal-operations';

/** The whole proposal. */
export const getFlowProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'get-flow-proposal',
  method: 'GET',
  path: '/api/projects/{projectId}/ai/flow-proposals/{proposalId}',
  auth: 'signed-in',
  summary: 'A flow proposal: its scenario and missing records (viewer)',
  answers: { 200: flowProposalSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer', params: { ...inProposals, proposalId: '{flowProposalId}' } },
  run: getProposalOf('flow'),
});
