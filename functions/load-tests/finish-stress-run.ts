import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { stressRunSchema } from '../../contracts/load-tests';
import { finishStressRun } from '../../lib/features/load-tests/stress-runs';
import { loadTestContext } from './load-test-context';

/** 200 the run, finished (again: as it is). */
export const finishLoadTestStressRun = defineRoute({
  group: 'load-tests',
  operation: 'finish-stress-run',
  method: 'POST',
  path: '/api/projects/{projectId}/load-tests/runs/{runId}/finish',
  auth: 'signed-in',
  tokenScope: 'push',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Mark a stress run finished (editor)',
  answers: { 200: stressRunSchema, 404: 'problem' },
  access: { role: 'editor' },
  description: 'Again: the run as it is.',
  example: { as: 'pushToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
    return jsonResponse(200, await finishStressRun(loadTestContext(runtime), { project, runId: pathUuid(pathParameters.runId, 'Stress run') }));
  },
});
