import { proposeFlow } from '../../lib/features/ai-proposals/create-flow-proposal';
import { flowProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { inProposals, proposalRateNote, unavailableAnswer } from './proposal-contract-parts';
import { flowProposalBody } from './proposal-inputs';

/** Asks the provider routed for `proposeFlow`; 429 for the provider's requestsPerMinute, or ours. */
export const createFlowProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'create-flow-proposal',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/flow-proposals',
  auth: 'signed-in',
  summary: 'Ask the AI for a flow: scenario plus the records it needs; 200 when AI is unavailable (editor)',
  body: flowProposalBody,
  answers: { 201: flowProposalSchema, 200: unavailableAnswer, 400: 'problem', 404: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description:
    'Asks the provider `ai.taskRouting.proposeFlow` names for a scenario and the records it needs, checked as a submitted flow is. ' +
    '404 for an unknown branch, revised scenario, Source or document; 409 `private_code_refused` for a document of a Source while `privacy.sendPrivateCodeToAi` is false, or too many open proposals; ' +
    `429 past the provider's \`requestsPerMinute\`. ${proposalRateNote}`,
  // No provider is configured in the fixture workspace.
  example: { as: 'editor', params: inProposals, body: { request: 'A customer pays for an order', branchId: null, reviseScenarioId: null }, status: 200 },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const outcome = await proposeFlow({ runtime, project, actor: actorOf(caller) }, parseBody(flowProposalBody, body));
    return outcome.kind === 'unavailable' ? jsonResponse(200, outcome.answer) : jsonResponse(201, proposalView(outcome.row));
  },
});
