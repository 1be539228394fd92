import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestTargetSchema } from '../../contracts/load-tests';
import { authoriseTarget } from '../../lib/features/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { authoriseRequest } from './load-test-inputs';
import { targetParams } from './target-params';

/**
 * 200 the target; 400 on `baseUrl` under the URL rules and the
 * private-address policy; 409 when main has moved past `version`.
 */
export const authoriseLoadTestTarget = defineRoute({
  group: 'load-tests',
  operation: 'authorise-target',
  method: 'POST',
  path: '/api/projects/{projectId}/load-tests/targets/{targetId}/authorise',
  auth: 'person',
  summary: 'Record the base URL and environment load may be sent to, against a model version (owner)',
  params: targetParams,
  body: authoriseRequest,
  answers: { 200: loadTestTargetSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'owner', note: 'A person.' },
  description: 'Records where load may be sent against a model version; 400 on `baseUrl` under the URL rules and the private-address policy; 409 when main has moved past `version`.',
  example: { params: { targetId: '{spareTargetId}' }, body: { baseUrl: 'http://127.0.0.1:8080', environment: 'staging', version: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'owner');
    const targetId = pathUuid(pathParameters.targetId, 'Load-test target');
    const input = parseBody(authoriseRequest, body);
    return jsonResponse(200, await authoriseTarget(loadTestContext(runtime), { project, targetId, ...input, actor: actorOf(caller) }));
  },
});
