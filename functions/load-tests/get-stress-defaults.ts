import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { stressDefaultsSchema } from '../../contracts/load-tests';
import { stressDefaults } from '../../lib/features/load-tests/profiles';

/** `{simulation, profiles}`: the settings and a new profile of each shape; a read token may ask. */
export const getStressDefaults = defineRoute({
  group: 'load-tests',
  operation: 'get-stress-defaults',
  method: 'GET',
  path: '/api/projects/{projectId}/stress/defaults',
  auth: 'signed-in',
  summary: 'The simulation settings and a new stress profile of each shape made from them (viewer)',
  answers: { 200: stressDefaultsSchema },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, await stressDefaults({ db: runtime.db, profile: runtime.config.profile }, project));
  },
});
