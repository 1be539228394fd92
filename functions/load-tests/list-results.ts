import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestResultsList } from '../../contracts/load-tests';
import { listResults } from '../../lib/features/load-tests/result-store';

/** `{items}`: each result without the body as sent, oldest first; a read token may ask. */
export const listLoadTestResults = defineRoute({
  group: 'load-tests',
  operation: 'list-results',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/results',
  auth: 'signed-in',
  summary: 'Measured results with their figures and provenance (viewer)',
  answers: { 200: loadTestResultsList },
  access: { role: 'viewer' },
  description: 'Without the body as sent, oldest first.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: await listResults(runtime.db, project.id) });
  },
});
