import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { stressRunsList } from '../../contracts/load-tests';
import { listStressRuns } from '../../lib/features/load-tests/stress-run-store';

/** `{items}`, oldest first, each running, finished or expired; a read token may ask. */
export const listLoadTestStressRuns = defineRoute({
  group: 'load-tests',
  operation: 'list-stress-runs',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/runs',
  auth: 'signed-in',
  summary: 'Stress runs of the project: running, finished or expired (viewer)',
  answers: { 200: stressRunsList },
  access: { role: 'viewer' },
  description: 'Oldest first: running, finished or expired.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: await listStressRuns(runtime.db, project.id, runtime.now()) });
  },
});
