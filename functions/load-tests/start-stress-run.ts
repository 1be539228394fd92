import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { stressRunSchema } from '../../contracts/load-tests';
import { startStressRun } from '../../lib/features/load-tests/stress-runs';
import { loadTestContext } from './load-test-context';
import { stressRunRequest } from './load-test-inputs';

/**
 * 201 the run, marked running; 429 `busy` with Retry-After past
 * policy.maxConcurrentStressRuns; 409 when the script's authorisation no
 * longer holds.
 */
export const startLoadTestStressRun = defineRoute({
  group: 'load-tests',
  operation: 'start-stress-run',
  method: 'POST',
  path: '/api/projects/{projectId}/load-tests/runs',
  auth: 'signed-in',
  tokenScope: 'push',
  summary: 'Mark a stress run of a script running; 429 busy over policy.maxConcurrentStressRuns (editor)',
  body: stressRunRequest,
  answers: { 201: stressRunSchema, 404: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description: "429 `busy` with Retry-After past policy.maxConcurrentStressRuns; 409 when the script's authorisation no longer holds.",
  example: { as: 'pushToken', body: { scriptId: '{scriptId}' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
    const { scriptId } = parseBody(stressRunRequest, body);
    return jsonResponse(201, await startStressRun(loadTestContext(runtime), { project, scriptId, actor: actorOf(caller) }));
  },
});
