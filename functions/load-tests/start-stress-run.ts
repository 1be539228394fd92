import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { startStressRun } from '../../lib/load-tests/stress-runs';
import { loadTestContext } from './load-test-context';
import { stressRunRequest } from './load-test-inputs';

/**
 * POST P/load-tests/runs (editor, or a push token): 201 the run, marked
 * running; 429 `busy` with Retry-After past policy.maxConcurrentStressRuns;
 * 409 when the script's authorisation no longer holds.
 */
export const startLoadTestStressRun: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
  const { scriptId } = parseBody(stressRunRequest, body);
  return jsonResponse(201, await startStressRun(loadTestContext(runtime), { project, scriptId, actor: actorOf(caller) }));
};
