import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { createProfile, profileView } from '../../lib/load-tests/profiles';
import { loadTestContext } from './load-test-context';
import { profileRequest } from './load-test-inputs';

/** POST P/load-tests/profiles (editor): 201 the profile with its stages; 400 naming each value over the limits. */
export const createStressProfile: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const request = parseBody(profileRequest, body);
  return jsonResponse(201, profileView(await createProfile(loadTestContext(runtime), { project, request, actor: actorOf(caller) })));
};
