import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { loadTestScriptSchema } from '../../contracts/load-tests';
import { findScript } from '../../lib/features/load-tests/script-store';

/** The script with `content`; a read token may ask. */
export const getLoadTestScript = defineRoute({
  group: 'load-tests',
  operation: 'get-script',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/scripts/{scriptId}',
  auth: 'signed-in',
  summary: 'A k6 script with its text and content hash (viewer)',
  answers: { 200: loadTestScriptSchema, 404: 'problem' },
  access: { role: 'viewer' },
  description: 'With its text and content hash.',
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const script = await findScript(runtime.db, project.id, pathUuid(pathParameters.scriptId, 'Load-test script'));
    if (!script) throw HttpProblem.notFound('Load-test script not found');
    return jsonResponse(200, script);
  },
});
