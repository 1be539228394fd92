import { decideArchitectureProposal as decide } from '../../lib/features/ai-proposals/decide-architecture-proposal';
import { architectureProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { inProposals } from './proposal-contract-parts';
import { decideBody } from './proposal-inputs';
import { deciderOf } from './proposal-operations';

/**
 * `{accept, reject}`: accepted items written in one change (inferred, with confidence and provenance);
 * 400 an ID not in the proposal or in both lists; 409 items_refused (nothing written) or decided already.
 */
export const decideArchitectureProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'decide-architecture-proposal',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/architecture-proposals/{proposalId}/decide',
  auth: 'signed-in',
  summary: 'Accept and reject items; accepted ones written in one change as inferred; 409 items_refused (editor)',
  body: decideBody,
  answers: { 200: architectureProposalSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description:
    '`accept` and `reject`, lists of item IDs (or null); items named in neither stay pending. The accepted items are checked again and written in one change as `inferred`, with the item\'s confidence. ' +
    '400 for an ID not in the proposal, in both lists, or two empty lists; 409 `items_refused` (nothing written, an error per refused item) or `conflict` when an item or the proposal is decided already.',
  example: { as: 'editor', params: { ...inProposals, proposalId: '{architectureProposalId}' }, body: { accept: ['{acceptItemId}'], reject: ['{rejectItemId}'] } },
  run: async (request) => {
    const decider = await deciderOf(request);
    const body = parseBody(decideBody, request.body);
    const row = await decide(decider, { accept: [...new Set(body.accept ?? [])], reject: [...new Set(body.reject ?? [])] });
    return jsonResponse(200, proposalView(row));
  },
});
