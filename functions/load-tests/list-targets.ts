import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestTargetsList } from '../../contracts/load-tests';
import { listTargets } from '../../lib/features/load-tests/target-store';

/** `{items}`, oldest first; a read token may ask. */
export const listLoadTestTargets = defineRoute({
  group: 'load-tests',
  operation: 'list-targets',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/targets',
  auth: 'signed-in',
  summary: 'Load-test targets with their authorisation and override (viewer)',
  answers: { 200: loadTestTargetsList },
  access: { role: 'viewer' },
  description: 'Oldest first.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: await listTargets(runtime.db, project.id) });
  },
});
