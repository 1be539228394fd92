import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listStressRuns } from '../../lib/load-tests/stress-run-store';

/** GET P/load-tests/runs (viewer, or a read token): 200 `{items}`, oldest first, each running, finished or expired. */
export const listLoadTestStressRuns: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, { items: await listStressRuns(runtime.db, project.id, runtime.now()) });
};
