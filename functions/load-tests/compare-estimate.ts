import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { compareWithModel } from '../../lib/load-tests/comparisons';
import { compareEstimateQuery } from './load-test-inputs';

/** GET P/load-tests/compare/estimate?resultId=&runId= (viewer, or a read token): 200 the result next to the model, the playback run and the cost assumptions. */
export const compareLoadTestEstimate: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const input = parseQuery(compareEstimateQuery, query);
  return jsonResponse(200, await compareWithModel(runtime.db, project, input));
};
