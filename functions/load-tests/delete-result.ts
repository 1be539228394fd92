import { authorizeProject } from '../../lib/features/auth/access-policy';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { removeResult } from '../../lib/features/load-tests/results';

/** 204; no comparison is stored, so none pins a result. */
export const deleteLoadTestResult = defineRoute({
  group: 'load-tests',
  operation: 'delete-result',
  method: 'DELETE',
  path: '/api/projects/{projectId}/load-tests/results/{resultId}',
  auth: 'signed-in',
  summary: 'Delete a measured result (editor)',
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { resultId: '{doomedResultId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    await removeResult(runtime.db, project, pathUuid(pathParameters.resultId, 'Load-test result'));
    return noContentResponse();
  },
});
