import { architectureProposalSchema } from '../../contracts/ai-proposals';
import { defineRoute } from '../../lib/platform/http/define-route';
import { inProposals } from './proposal-contract-parts';
import { getProposalOf } from './proposal-operations';

/** The whole proposal. */
export const getArchitectureProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'get-architecture-proposal',
  method: 'GET',
  path: '/api/projects/{projectId}/ai/architecture-proposals/{proposalId}',
  auth: 'signed-in',
  summary: 'An architecture proposal: its items with confidence and decisions, and those dropped (viewer)',
  answers: { 200: architectureProposalSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer', params: { ...inProposals, proposalId: '{architectureProposalId}' } },
  run: getProposalOf('architecture'),
});
