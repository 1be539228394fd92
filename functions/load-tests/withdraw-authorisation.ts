import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { withdrawAuthorisation } from '../../lib/load-tests/targets';
import { loadTestContext } from './load-test-context';

/** DELETE P/load-tests/targets/{targetId}/authorisation (editor, a person): 200 the target, no longer authorised. */
export const withdrawLoadTestAuthorisation: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const targetId = pathUuid(pathParameters.targetId, 'Load-test target');
  return jsonResponse(200, await withdrawAuthorisation(loadTestContext(runtime), { project, targetId, actor: actorOf(caller) }));
};
