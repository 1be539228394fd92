import { inferArchitecture } from '../../lib/ai-proposals/create-architecture-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { architectureProposalBody } from './proposal-inputs';
import { callerOf } from './proposal-operations';

/**
 * POST P/ai/architecture-proposals (editor): asks the provider routed for `inferArchitecture`;
 * 201 the proposal (items checked by the import rules, the others dropped with their reason),
 * 200 the AI unavailable answer, 400 (also an unknown branch), 409, 429.
 */
export const createArchitectureProposal: Operation = async (request) => {
  const caller = callerOf(request);
  const { runtime, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const outcome = await inferArchitecture({ runtime, project, actor: actorOf(caller) }, parseBody(architectureProposalBody, request.body));
  return outcome.kind === 'unavailable' ? jsonResponse(200, outcome.answer) : jsonResponse(201, proposalView(outcome.row));
};
