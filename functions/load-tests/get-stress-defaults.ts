import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { stressDefaults } from '../../lib/load-tests/profiles';

/** GET P/stress/defaults (viewer, or a read token): 200 `{simulation, profiles}`: the settings and a new profile of each shape. */
export const getStressDefaults: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, await stressDefaults({ db: runtime.db, profile: runtime.config.profile }, project));
};
