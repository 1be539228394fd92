import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestScriptSchema } from '../../lib/features/load-tests/load-test-answer-schemas';
import { listScripts } from '../../lib/features/load-tests/script-store';
import { listOf } from '../../contracts/schema-kit';

/** `{items}` without their text, oldest first; a read token may ask. */
export const listLoadTestScripts = defineRoute({
  group: 'load-tests',
  operation: 'list-scripts',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/scripts',
  auth: 'signed-in',
  summary: 'Generated k6 scripts, without their text (viewer)',
  answers: { 200: listOf(loadTestScriptSchema) },
  access: { role: 'viewer' },
  description: 'Without their text, oldest first.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: await listScripts(runtime.db, project.id) });
  },
});
