import { authorizeProject } from '../../lib/features/auth/access-policy';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { removeTarget } from '../../lib/features/load-tests/targets';
import { loadTestContext } from './load-test-context';
import { targetParams } from './target-params';

/** 204; its scripts, results and stress runs go with it. */
export const deleteLoadTestTarget = defineRoute({
  group: 'load-tests',
  operation: 'delete-target',
  method: 'DELETE',
  path: '/api/projects/{projectId}/load-tests/targets/{targetId}',
  auth: 'signed-in',
  summary: 'Delete a target with its scripts, results and runs (editor)',
  params: targetParams,
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'editor' },
  description: 'Its scripts, results and stress runs go with it.',
  example: { as: 'editor', params: { targetId: '{doomedTargetId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    await removeTarget(loadTestContext(runtime), { project, targetId: pathUuid(pathParameters.targetId, 'Load-test target') });
    return noContentResponse();
  },
});
