import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listScripts } from '../../lib/load-tests/script-store';

/** GET P/load-tests/scripts (viewer, or a read token): 200 `{items}` without their text, oldest first. */
export const listLoadTestScripts: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, { items: await listScripts(runtime.db, project.id) });
};
