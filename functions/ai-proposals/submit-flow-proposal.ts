import { submitFlow } from '../../lib/ai-proposals/create-flow-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { callerOf } from './proposal-operations';
import { flowSubmitBody } from './proposal-inputs';

/** POST P/ai/flow-proposals/submit (editor): a ready flow, no AI, the same checks; 201 the proposal, 400, 404 (revised scenario), 409, 429. */
export const submitFlowProposal: Operation = async (request) => {
  const caller = callerOf(request);
  const { runtime, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const body = parseBody(flowSubmitBody, request.body);
  const row = await submitFlow({ runtime, project, actor: actorOf(caller) }, { request: body.request, reviseScenarioId: body.reviseScenarioId, flow: body.flow! });
  return jsonResponse(201, proposalView(row));
};
