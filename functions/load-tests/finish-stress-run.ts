import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { finishStressRun } from '../../lib/load-tests/stress-runs';
import { loadTestContext } from './load-test-context';

/** POST P/load-tests/runs/{runId}/finish (editor, or a push token): 200 the run, finished (again: as it is). */
export const finishLoadTestStressRun: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
  return jsonResponse(200, await finishStressRun(loadTestContext(runtime), { project, runId: pathUuid(pathParameters.runId, 'Stress run') }));
};
