import { authorizeProject } from '../../lib/auth/access-policy';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { removeProfile } from '../../lib/load-tests/profiles';

/** DELETE P/load-tests/profiles/{profileId} (editor): 204; 409 while a script names it. */
export const deleteStressProfile: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  await removeProfile(runtime.db, project, pathUuid(pathParameters.profileId, 'Stress profile'));
  return noContentResponse();
};
