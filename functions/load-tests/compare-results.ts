import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { compareResults } from '../../lib/features/load-tests/comparisons';
import { regressionSchema } from '../../contracts/load-tests';
import { compareResultsQuery } from './load-test-inputs';

/** ?baseline=&candidate=: the regression per operation and its verdict; a read token may ask. */
export const compareLoadTestResults = defineRoute({
  group: 'load-tests',
  operation: 'compare-results',
  method: 'GET',
  path: '/api/projects/{projectId}/load-tests/compare/results',
  auth: 'signed-in',
  summary: 'Regression per operation between two results: p95, error rate, throughput (viewer)',
  query: compareResultsQuery,
  answers: { 200: regressionSchema, 404: 'problem' },
  access: { role: 'viewer' },
  description: 'Regression per operation between two results: p95, error rate, throughput.',
  example: { as: 'readToken', query: { baseline: '{resultId}', candidate: '{secondResultId}' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const input = parseQuery(compareResultsQuery, query);
    return jsonResponse(200, await compareResults(runtime.db, project, { baselineId: input.baseline, candidateId: input.candidate }));
  },
});
