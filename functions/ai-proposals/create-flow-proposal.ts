import { proposeFlow } from '../../lib/ai-proposals/create-flow-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { callerOf } from './proposal-operations';
import { flowProposalBody } from './proposal-inputs';

/**
 * POST P/ai/flow-proposals (editor): asks the provider routed for `proposeFlow`; 201 the proposal,
 * 200 the AI unavailable answer, 400, 404 (branch, scenario, Source or document), 409 (privacy,
 * too many open proposals), 429 (the provider's requestsPerMinute, or ours).
 */
export const createFlowProposal: Operation = async (request) => {
  const caller = callerOf(request);
  const { runtime, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const body = parseBody(flowProposalBody, request.body);
  const outcome = await proposeFlow({ runtime, project, actor: actorOf(caller) }, body);
  return outcome.kind === 'unavailable' ? jsonResponse(200, outcome.answer) : jsonResponse(201, proposalView(outcome.row));
};
