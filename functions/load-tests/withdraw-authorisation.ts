import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestTargetSchema } from '../../contracts/load-tests';
import { withdrawAuthorisation } from '../../lib/features/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { targetParams } from './target-params';

/** 200 the target, no longer authorised. */
export const withdrawLoadTestAuthorisation = defineRoute({
  group: 'load-tests',
  operation: 'withdraw-authorisation',
  method: 'DELETE',
  path: '/api/projects/{projectId}/load-tests/targets/{targetId}/authorisation',
  auth: 'person',
  summary: 'Withdraw the authorisation of a target (editor)',
  params: targetParams,
  answers: { 200: loadTestTargetSchema, 404: 'problem' },
  access: { role: 'editor', note: 'A person.' },
  example: { as: 'editor', params: { targetId: '{spareTargetId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const targetId = pathUuid(pathParameters.targetId, 'Load-test target');
    return jsonResponse(200, await withdrawAuthorisation(loadTestContext(runtime), { project, targetId, actor: actorOf(caller) }));
  },
});
