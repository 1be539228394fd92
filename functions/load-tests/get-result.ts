import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestResultSchema } from '../../contracts/load-tests';
import { existingResult } from '../../lib/features/load-tests/results';

/** The result with `raw`, the body as it was sent; a read token may ask. */
export const getLoadTestResult = defineRoute({
  group: 'load-tests',
  operation: 'get-result',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/results/{resultId}',
  auth: 'signed-in',
  summary: 'A measured result with the body as it was sent (viewer)',
  answers: { 200: loadTestResultSchema, 404: 'problem' },
  access: { role: 'viewer' },
  description: 'With `raw`, the body as it was sent.',
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, await existingResult(runtime.db, project, pathUuid(pathParameters.resultId, 'Load-test result'), { withRaw: true }));
  },
});
