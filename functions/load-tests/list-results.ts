import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listResults } from '../../lib/load-tests/result-store';

/** GET P/load-tests/results (viewer, or a read token): 200 `{items}`: each result without the body as sent, oldest first. */
export const listLoadTestResults: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, { items: await listResults(runtime.db, project.id) });
};
