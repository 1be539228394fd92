import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { findScript } from '../../lib/load-tests/script-store';

/** GET P/load-tests/scripts/{scriptId} (viewer, or a read token): 200 the script with `content`. */
export const getLoadTestScript: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const script = await findScript(runtime.db, project.id, pathUuid(pathParameters.scriptId, 'Load-test script'));
  if (!script) throw HttpProblem.notFound('Load-test script not found');
  return jsonResponse(200, script);
};
