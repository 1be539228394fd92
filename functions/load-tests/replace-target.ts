import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { replaceTarget } from '../../lib/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { targetRequest } from './load-test-inputs';

/** PUT P/load-tests/targets/{targetId} (editor): 200 the target; another subject drops the authorisation and the override. */
export const replaceLoadTestTarget: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const targetId = pathUuid(pathParameters.targetId, 'Load-test target');
  const request = parseBody(targetRequest, body);
  return jsonResponse(200, await replaceTarget(loadTestContext(runtime), { project, targetId, request }));
};
