import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse } from '../../lib/http/api-types';
import { defineRoute } from '../../lib/http/define-route';
import { pathUuid } from '../../lib/http/parse-input';
import { loadTestTargetSchema } from '../../lib/load-tests/load-test-answer-schemas';
import { listTargets } from '../../lib/load-tests/target-store';
import { listOf } from '../../lib/schema/schema-kit';

/** `{items}`, oldest first; a read token may ask. */
export const listLoadTestTargets = defineRoute({
  group: 'load-tests',
  operation: 'list-targets',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/targets',
  auth: 'signed-in',
  summary: 'Load-test targets with their authorisation and override (viewer)',
  answers: { 200: listOf(loadTestTargetSchema) },
  access: { role: 'viewer' },
  description: 'Oldest first.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: await listTargets(runtime.db, project.id) });
  },
});
