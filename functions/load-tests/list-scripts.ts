import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestScriptsList } from '../../contracts/load-tests';
import { listScripts } from '../../lib/features/load-tests/script-store';

/** `{items}` without their text, oldest first; a read token may ask. */
export const listLoadTestScripts = defineRoute({
  group: 'load-tests',
  operation: 'list-scripts',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/scripts',
  auth: 'signed-in',
  summary: 'Generated k6 scripts, without their text (viewer)',
  answers: { 200: loadTestScriptsList },
  access: { role: 'viewer' },
  description: 'Without their text, oldest first.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: await listScripts(runtime.db, project.id) });
  },
});
