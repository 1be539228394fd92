import { inferArchitecture } from '../../lib/features/ai-proposals/create-architecture-proposal';
import { architectureProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { inProposals, proposalRateNote, unavailableAnswer } from './proposal-contract-parts';
import { architectureProposalBody } from './proposal-inputs';

/** Asks the provider routed for `inferArchitecture`; items checked by the import rules, the others dropped with their reason. */
export const createArchitectureProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'create-architecture-proposal',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/architecture-proposals',
  auth: 'signed-in',
  summary: 'Ask the AI for model changes, checked by the import rules; 200 when AI is unavailable (editor)',
  body: architectureProposalBody,
  answers: { 201: architectureProposalSchema, 200: unavailableAnswer, 400: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description:
    'Asks the provider `ai.taskRouting.inferArchitecture` names for model changes; items the import rules refuse are dropped with their reason. ' +
    `400 also for an unknown branch; 409 too many open proposals; 429 past the provider's \`requestsPerMinute\`. ${proposalRateNote}`,
  // No provider is configured in the fixture workspace.
  example: { as: 'editor', params: inProposals, body: { request: 'Split out billing', branchId: null }, status: 200 },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const outcome = await inferArchitecture({ runtime, project, actor: actorOf(caller) }, parseBody(architectureProposalBody, body));
    return outcome.kind === 'unavailable' ? jsonResponse(200, outcome.answer) : jsonResponse(201, proposalView(outcome.row));
  },
});
