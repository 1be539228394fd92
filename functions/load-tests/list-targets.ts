import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listTargets } from '../../lib/load-tests/target-store';

/** GET P/load-tests/targets (viewer, or a read token): 200 `{items}`, oldest first. */
export const listLoadTestTargets: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, { items: await listTargets(runtime.db, project.id) });
};
