import { submitArchitecture } from '../../lib/features/ai-proposals/create-architecture-proposal';
import { architectureProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { inProposals, proposalRateNote } from './proposal-contract-parts';
import { architectureSubmitBody } from './proposal-inputs';

/** Items without AI; nothing is stored when the import rules refuse one. */
export const submitArchitectureProposal = defineRoute({
  group: 'ai-proposals',
  operation: 'submit-architecture-proposal',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/architecture-proposals/submit',
  auth: 'signed-in',
  summary: 'Submit model changes without AI, through the same checks (editor)',
  body: architectureSubmitBody,
  answers: { 201: architectureProposalSchema, 400: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description: `Model changes without AI, through the same checks; 400 naming each item the import rules refuse (nothing stored); 409 too many open proposals. ${proposalRateNote}`,
  example: { as: 'editor', params: inProposals, body: { request: 'Split out billing', proposal: '{aiArchitectureOutput}' } },
  run: async ({ runtime, caller, pathParameters, body: sent }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const body = parseBody(architectureSubmitBody, sent);
    const row = await submitArchitecture({ runtime, project, actor: actorOf(caller) }, { request: body.request, proposal: body.proposal! });
    return jsonResponse(201, proposalView(row));
  },
});
