import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestTargetSchema } from '../../contracts/load-tests';
import { createTarget } from '../../lib/features/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { targetRequest } from './load-test-inputs';

/** 201 the target, not authorised; 400 naming `id` or `stepId` when the model or the scenario has no such thing. */
export const createLoadTestTarget = defineRoute({
  group: 'load-tests',
  operation: 'create-target',
  method: 'POST',
  path: '/api/projects/{projectId}/load-tests/targets',
  auth: 'signed-in',
  summary: 'Add a load-test target: an operation or a call step of a scenario (editor)',
  body: targetRequest,
  answers: { 201: loadTestTargetSchema, 400: 'problem' },
  access: { role: 'editor' },
  description: 'An operation, or a call step of a scenario; not authorised. 400 naming `id` or `stepId` when the model or the scenario has no such thing.',
  example: { as: 'editor', body: { kind: 'operation', id: '{model_o_cmd}', stepId: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const request = parseBody(targetRequest, body);
    return jsonResponse(201, await createTarget(loadTestContext(runtime), { project, request, actor: actorOf(caller) }));
  },
});
