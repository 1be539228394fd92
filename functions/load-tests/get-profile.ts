import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { stressProfileSchema } from '../../contracts/load-tests';
import { existingProfile, profileView } from '../../lib/features/load-tests/profiles';

/** The profile with its stages; a read token may ask. */
export const getStressProfile = defineRoute({
  group: 'load-tests',
  operation: 'get-profile',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/profiles/{profileId}',
  auth: 'signed-in',
  summary: 'A stress profile with its stages (viewer)',
  answers: { 200: stressProfileSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, profileView(await existingProfile(runtime.db, project, pathUuid(pathParameters.profileId, 'Stress profile'))));
  },
});
