import { rejectFlowProposal as reject } from '../../lib/features/ai-proposals/decide-flow-proposal';
import { flowProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { inProposals } from './proposal-contract-parts';
import { deciderOf } from './proposal-operations';

/** The proposal, rejected; 409 when decided already. */
export const rejectFlowProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'reject-flow-proposal',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/flow-proposals/{proposalId}/reject',
  auth: 'signed-in',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Reject a flow proposal (editor)',
  answers: { 200: flowProposalSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'Records already created stay; 409 when decided already.',
  example: { as: 'editor', params: { ...inProposals, proposalId: '{rejectFlowProposalId}' } },
  run: async (request) => jsonResponse(200, proposalView(await reject(await deciderOf(request)))),
});
