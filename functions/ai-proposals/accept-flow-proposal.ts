import { acceptFlowProposal as accept } from '../../lib/features/ai-proposals/decide-flow-proposal';
import { flowProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { acceptFlowBody } from './proposal-inputs';
import { deciderOf } from './proposal-operations';

/**
 * Body null, empty or `{scenarioId?, name?}`: writes the scenario with origin ai-proposal; 409
 * proposal_stale when the model moved or a missing record is not created, 409 conflict when decided already.
 */
export const acceptFlowProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'accept-flow-proposal',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/flow-proposals/{proposalId}/accept',
  auth: 'signed-in',
  summary: 'Write the scenario with origin ai-proposal; 409 proposal_stale when the model moved (editor)',
  body: acceptFlowBody,
  answers: { 200: flowProposalSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description:
    'Body null, empty or `{scenarioId, name}` (both optional). Writes the scenario (origin `ai-proposal`) in one transaction. ' +
    '409 `proposal_stale`, nothing written, when the model moved since the proposal, a missing record is not created or the revised scenario changed; 409 `conflict` when decided already or the scenario ID is taken.',
  example: { as: 'editor', params: { projectId: '{acceptProjectId}', proposalId: '{acceptFlowProposalId}' }, body: { name: 'Place an order (accepted)' } },
  run: async (request) => {
    const decider = await deciderOf(request);
    const body = request.body === undefined ? null : parseBody(acceptFlowBody, request.body);
    const row = await accept(decider, { scenarioId: body?.scenarioId ?? null, name: body?.name ?? null });
    return jsonResponse(200, proposalView(row));
  },
});
