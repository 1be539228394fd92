import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { generateScript } from '../../lib/load-tests/scripts';
import { branchQuery } from '../model/model-request';
import { loadTestContext } from './load-test-context';
import { scriptRequest } from './load-test-inputs';

/**
 * POST P/load-tests/scripts?branchId= (editor, or a push token): 201 a new
 * script, 200 the stored one when the same inputs wrote it before; 422
 * script-refused naming each reason.
 */
export const createLoadTestScript: Operation = async ({ runtime, caller, pathParameters, body, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
  const { branchId } = parseQuery(branchQuery, query);
  const input = parseBody(scriptRequest, body);
  const { script, created } = await generateScript(loadTestContext(runtime), { project, ...input, branchId: branchId?.toLowerCase() ?? null, actor: actorOf(caller) });
  return jsonResponse(created ? 201 : 200, script);
};
