import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { createTarget } from '../../lib/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { targetRequest } from './load-test-inputs';

/** POST P/load-tests/targets (editor): 201 the target, not authorised; 400 naming `id` or `stepId` when the model or the scenario has no such thing. */
export const createLoadTestTarget: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const request = parseBody(targetRequest, body);
  return jsonResponse(201, await createTarget(loadTestContext(runtime), { project, request, actor: actorOf(caller) }));
};
