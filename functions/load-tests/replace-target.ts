import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestTargetSchema } from '../../contracts/load-tests';
import { replaceTarget } from '../../lib/features/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { targetRequest } from './load-test-inputs';
import { targetParams } from './target-params';

/** 200 the target; another subject drops the authorisation and the override. */
export const replaceLoadTestTarget = defineRoute({
  group: 'load-tests',
  operation: 'replace-target',
  method: 'PUT',
  path: '/api/projects/{projectId}/load-tests/targets/{targetId}',
  auth: 'signed-in',
  summary: 'Point a target at another operation or step; a new subject drops its authorisation (editor)',
  params: targetParams,
  body: targetRequest,
  answers: { 200: loadTestTargetSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  description: 'Another subject drops the authorisation and the override.',
  example: { as: 'editor', params: { targetId: '{spareTargetId}' }, body: { kind: 'operation', id: '{model_o_http}', stepId: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const targetId = pathUuid(pathParameters.targetId, 'Load-test target');
    const request = parseBody(targetRequest, body);
    return jsonResponse(200, await replaceTarget(loadTestContext(runtime), { project, targetId, request }));
  },
});
