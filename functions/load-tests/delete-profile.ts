import { authorizeProject } from '../../lib/features/auth/access-policy';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { removeProfile } from '../../lib/features/load-tests/profiles';

/** 204; 409 while a script names it. */
export const deleteStressProfile = defineRoute({
  group: 'load-tests',
  operation: 'delete-profile',
  method: 'DELETE',
  path: '/api/projects/{projectId}/load-tests/profiles/{profileId}',
  auth: 'signed-in',
  summary: 'Delete a stress profile no script uses (editor)',
  answers: { 204: 'empty', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: '409 while a script names it.',
  example: { as: 'editor', params: { profileId: '{doomedProfileId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    await removeProfile(runtime.db, project, pathUuid(pathParameters.profileId, 'Stress profile'));
    return noContentResponse();
  },
});
