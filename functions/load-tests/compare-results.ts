import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { compareResults } from '../../lib/load-tests/comparisons';
import { compareResultsQuery } from './load-test-inputs';

/** GET P/load-tests/compare/results?baseline=&candidate= (viewer, or a read token): 200 the regression per operation and its verdict. */
export const compareLoadTestResults: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const input = parseQuery(compareResultsQuery, query);
  return jsonResponse(200, await compareResults(runtime.db, project, { baselineId: input.baseline, candidateId: input.candidate }));
};
