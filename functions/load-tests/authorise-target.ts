import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { authoriseTarget } from '../../lib/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { authoriseRequest } from './load-test-inputs';

/**
 * POST P/load-tests/targets/{targetId}/authorise (owner, a person): 200 the
 * target; 400 on `baseUrl` under the URL rules and the private-address
 * policy; 409 when main has moved past `version`.
 */
export const authoriseLoadTestTarget: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'owner');
  const targetId = pathUuid(pathParameters.targetId, 'Load-test target');
  const input = parseBody(authoriseRequest, body);
  return jsonResponse(200, await authoriseTarget(loadTestContext(runtime), { project, targetId, ...input, actor: actorOf(caller) }));
};
