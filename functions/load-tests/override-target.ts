import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { overrideTarget } from '../../lib/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { overrideRequest } from './load-test-inputs';

/** PUT P/load-tests/targets/{targetId}/override (owner, a person): 200 the target; 400 on `reason` or `confirmName` when allowing without them. */
export const overrideLoadTestTarget: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'owner');
  const targetId = pathUuid(pathParameters.targetId, 'Load-test target');
  const input = parseBody(overrideRequest, body);
  return jsonResponse(200, await overrideTarget(loadTestContext(runtime), { project, targetId, ...input, actor: actorOf(caller) }));
};
