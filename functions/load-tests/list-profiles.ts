import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { stressProfilesList } from '../../contracts/load-tests';
import { listProfiles } from '../../lib/features/load-tests/profile-store';
import { profileView } from '../../lib/features/load-tests/profiles';

/** `{items}` with their stages, oldest first; a read token may ask. */
export const listStressProfiles = defineRoute({
  group: 'load-tests',
  operation: 'list-profiles',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/profiles',
  auth: 'signed-in',
  summary: 'Stress profiles of the project with their stages (viewer)',
  answers: { 200: stressProfilesList },
  access: { role: 'viewer' },
  description: 'Oldest first, with their stages.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: (await listProfiles(runtime.db, project.id)).map(profileView) });
  },
});
