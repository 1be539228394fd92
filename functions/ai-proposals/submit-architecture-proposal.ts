import { submitArchitecture } from '../../lib/ai-proposals/create-architecture-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { architectureSubmitBody } from './proposal-inputs';
import { callerOf } from './proposal-operations';

/** POST P/ai/architecture-proposals/submit (editor): items without AI; 201 the proposal; 400 naming each item the import rules refuse (nothing stored), 409, 429. */
export const submitArchitectureProposal: Operation = async (request) => {
  const caller = callerOf(request);
  const { runtime, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const body = parseBody(architectureSubmitBody, request.body);
  const row = await submitArchitecture({ runtime, project, actor: actorOf(caller) }, { request: body.request, proposal: body.proposal! });
  return jsonResponse(201, proposalView(row));
};
