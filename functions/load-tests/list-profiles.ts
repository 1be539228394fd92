import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listProfiles } from '../../lib/load-tests/profile-store';
import { profileView } from '../../lib/load-tests/profiles';

/** GET P/load-tests/profiles (viewer, or a read token): 200 `{items}` with their stages, oldest first. */
export const listStressProfiles: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, { items: (await listProfiles(runtime.db, project.id)).map(profileView) });
};
