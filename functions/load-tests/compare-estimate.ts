import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { compareWithModel } from '../../lib/features/load-tests/comparisons';
import { estimateComparisonSchema } from '../../contracts/load-tests';
import { compareEstimateQuery } from './load-test-inputs';

/** ?resultId=&runId=: the result next to the model, the playback run and the cost assumptions; a read token may ask. */
export const compareLoadTestEstimate = defineRoute({
  group: 'load-tests',
  operation: 'compare-estimate',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/compare/estimate',
  auth: 'signed-in',
  summary: 'A result next to the model: timeouts, retry budgets, a playback run and the cost assumptions (viewer)',
  query: compareEstimateQuery,
  answers: { 200: estimateComparisonSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  description: 'A measured result next to the model: timeouts, retry budgets, a playback run (`runId`, a scenario-check run of a promise) and the cost assumptions, each within or outside.',
  example: { as: 'viewer', query: { resultId: '{resultId}', runId: '{promiseRunId}' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const input = parseQuery(compareEstimateQuery, query);
    return jsonResponse(200, await compareWithModel(runtime.db, project, input));
  },
});
