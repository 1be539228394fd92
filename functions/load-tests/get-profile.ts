import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { existingProfile, profileView } from '../../lib/load-tests/profiles';

/** GET P/load-tests/profiles/{profileId} (viewer, or a read token): 200 the profile with its stages. */
export const getStressProfile: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, profileView(await existingProfile(runtime.db, project, pathUuid(pathParameters.profileId, 'Stress profile'))));
};
