import { authorizeProject } from '../../lib/auth/access-policy';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { removeResult } from '../../lib/load-tests/results';

/** DELETE P/load-tests/results/{resultId} (editor): 204; no comparison is stored, so none pins a result. */
export const deleteLoadTestResult: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  await removeResult(runtime.db, project, pathUuid(pathParameters.resultId, 'Load-test result'));
  return noContentResponse();
};
