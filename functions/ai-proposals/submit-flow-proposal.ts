import { submitFlow } from '../../lib/features/ai-proposals/create-flow-proposal';
import { flowProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { inProposals, proposalRateNote } from './proposal-contract-parts';
import { flowSubmitBody } from './proposal-inputs';

/** A ready flow, no AI, the same checks as a proposed one. */
export const submitFlowProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'submit-flow-proposal',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/flow-proposals/submit',
  auth: 'signed-in',
  summary: 'Submit a ready flow without AI, through the same checks (editor)',
  body: flowSubmitBody,
  answers: { 201: flowProposalSchema, 400: 'problem', 404: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description: `A ready flow output, without AI, through the same checks, against main; 400 naming each problem by its place; 404 for an unknown revised scenario; 409 too many open proposals. ${proposalRateNote}`,
  example: { as: 'editor', params: inProposals, body: { request: 'Place an order', reviseScenarioId: null, flow: '{aiFlowOutput}' } },
  run: async ({ runtime, caller, pathParameters, body: sent }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const body = parseBody(flowSubmitBody, sent);
    const row = await submitFlow({ runtime, project, actor: actorOf(caller) }, { request: body.request, reviseScenarioId: body.reviseScenarioId, flow: body.flow! });
    return jsonResponse(201, proposalView(row));
  },
});
