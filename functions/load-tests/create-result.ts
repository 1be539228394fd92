import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { storeResult } from '../../lib/load-tests/results';
import { loadTestContext } from './load-test-context';
import { resultQuery } from './load-test-inputs';

/**
 * POST P/load-tests/results?scriptId=&stressRunId=&environment=&runAt=
 * (editor, or a push token): any JSON body up to the route's limit (413
 * past it, before it is read); 201 the result; 422 result-refused naming
 * what is missing; 409 for a stress run that has its result or was finished.
 */
export const createLoadTestResult: Operation = async ({ runtime, caller, pathParameters, body, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
  const input = parseQuery(resultQuery, query);
  if (body === undefined) throw HttpProblem.validation('Request body required', [{ field: 'body', message: 'a JSON body is required: the summary the load tool wrote' }]);
  const result = await storeResult(loadTestContext(runtime), {
    project,
    scriptId: input.scriptId,
    stressRunId: input.stressRunId ?? null,
    environment: input.environment ?? null,
    runAt: input.runAt === undefined ? null : new Date(input.runAt),
    body,
    actor: actorOf(caller),
  });
  return jsonResponse(201, result);
};
