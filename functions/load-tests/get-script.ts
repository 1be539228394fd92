import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse } from '../../lib/http/api-types';
import { defineRoute } from '../../lib/http/define-route';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { loadTestScriptSchema } from '../../lib/load-tests/load-test-answer-schemas';
import { findScript } from '../../lib/load-tests/script-store';

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
