import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { existingResult } from '../../lib/load-tests/results';

/** GET P/load-tests/results/{resultId} (viewer, or a read token): 200 the result with `raw`, the body as it was sent. */
export const getLoadTestResult: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, await existingResult(runtime.db, project, pathUuid(pathParameters.resultId, 'Load-test result'), { withRaw: true }));
};
