import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestTargetSchema } from '../../contracts/load-tests';
import { overrideTarget } from '../../lib/features/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { overrideRequest } from './load-test-inputs';
import { targetParams } from './target-params';

/** 200 the target; 400 on `reason` or `confirmName` when allowing without them. */
export const overrideLoadTestTarget = defineRoute({
  group: 'load-tests',
  operation: 'override-target',
  method: 'PUT',
  path: '/api/projects/{projectId}/load-tests/targets/{targetId}/override',
  auth: 'person',
  summary: 'Allow non-idempotent calls or failure injection, with a reason and the target name confirmed (owner)',
  params: targetParams,
  body: overrideRequest,
  answers: { 200: loadTestTargetSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'owner', note: 'A person; `confirmName` repeats the target name.' },
  description: 'Allows non-idempotent calls or failure injection; 400 on `reason` or `confirmName` when allowing without them.',
  example: { params: { targetId: '{targetId}' }, body: { allowNonIdempotent: false, allowFailureInjection: true, reason: 'Fault drill', confirmName: '{targetName}' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'owner');
    const targetId = pathUuid(pathParameters.targetId, 'Load-test target');
    const input = parseBody(overrideRequest, body);
    return jsonResponse(200, await overrideTarget(loadTestContext(runtime), { project, targetId, ...input, actor: actorOf(caller) }));
  },
});
