import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { loadTestResultSchema } from '../../contracts/load-tests';
import { storeResult } from '../../lib/features/load-tests/results';
import { loadTestContext } from './load-test-context';
import { resultQuery } from './load-test-inputs';

/** A generic-shape result: what a tool other than k6 measured of the fixture operation. */
const genericResult = { tool: 'locust 2.31', iterations: 50, operations: [{ operationId: '{model_o_http}', name: 'GET /orders', count: 60, failures: 3, p50Ms: 10, p90Ms: 20, p95Ms: 25, p99Ms: 40, throughputPerSecond: 1 }] };

/**
 * ?scriptId=&stressRunId=&environment=&runAt=: any JSON body up to the route's
 * limit (413 past it, before it is read); 201 the result; 422 result-refused
 * naming what is missing; 409 for a stress run that has its result or was finished.
 */
export const createLoadTestResult = defineRoute({
  group: 'load-tests',
  operation: 'create-result',
  method: 'POST',
  path: '/api/projects/{projectId}/load-tests/results',
  auth: 'signed-in',
  tokenScope: 'push',
  bodyLimitBytes: bodyLimits.loadTestResult,
  summary: 'Store what a load tool measured (a k6 summary or the generic shape) for ?scriptId=; 422 result-refused (editor)',
  query: resultQuery,
  body: { contentTypes: ['application/json'], schema: z.looseObject({}).meta({ description: 'A k6 end-of-test summary (`--summary-export` or `handleSummary`) or the generic shape `{tool, iterations, operations[…]}`.' }) },
  answers: { 201: loadTestResultSchema, 400: 'problem', 404: 'problem', 409: 'problem', 422: 'problem' },
  access: { role: 'editor' },
  description: '422 `result_refused` naming what is missing; 409 for a stress run that has its result or was finished.',
  example: { as: 'pushToken', query: { scriptId: '{scriptId}', environment: 'staging' }, body: genericResult },
  run: async ({ runtime, caller, pathParameters, body, query }) => {
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
  },
});
