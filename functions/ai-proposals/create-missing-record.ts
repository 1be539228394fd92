import { createMissingItem } from '../../lib/features/ai-proposals/decide-flow-proposal';
import { flowProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { inProposals } from './proposal-contract-parts';
import { deciderOf } from './proposal-operations';

/**
 * Writes the record into the proposal's branch or main through the model's edit path; the proposal
 * with the alias bound; 400 unknown alias or a record the model's rules refuse; 409 created already,
 * decided, or a record it names not created.
 */
export const createMissingRecord = defineRoute({
  group: 'ai-proposals',
  operation: 'create-missing-record',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/flow-proposals/{proposalId}/missing/{alias}/create',
  auth: 'signed-in',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Create a record the flow needs in its branch or main; the alias is bound to it (editor)',
  answers: { 200: flowProposalSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description:
    'Writes the record into the proposal\'s line (declared, provenance naming the proposal) and binds the alias to it. ' +
    '400 for an unknown alias or a record the model\'s rules refuse; 409 when created already, decided, or a record it names is not created yet.',
  example: { as: 'editor', params: { ...inProposals, proposalId: '{flowProposalId}', alias: 'payments' } },
  run: async (request) => {
    const decider = await deciderOf(request);
    return jsonResponse(200, proposalView(await createMissingItem(decider, request.pathParameters.alias ?? '')));
  },
});
