import { estimateSchema } from '../../contracts/costs';
import { readableLine } from '../../lib/features/costs/cost-lines';
import { estimateLine } from '../../lib/features/costs/estimate-service';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { estimateQuery } from './cost-inputs';
import { asOfOrToday, costContext, openProject } from './cost-request';

/** The estimate of the line on `asOf` (default today, UTC); a read token may ask. */
export const getCostEstimate = defineRoute({
  group: 'costs',
  operation: 'get-cost-estimate',
  method: 'GET',
  path: '/api/projects/{projectId}/costs/estimate',
  auth: 'signed-in',
  summary: 'Monthly estimate of the cost sheet on ?asOf= from the workspace prices, per currency and element (viewer)',
  query: estimateQuery,
  answers: { 200: estimateSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  description: 'On `?asOf=` (default today, UTC), from the workspace prices; totals per currency and per element; unpriced resources listed with their reason, never counted as zero.',
  example: { as: 'readToken', query: { asOf: '2025-06-01' } },
  run: async (request) => {
    const { project } = await openProject(request, 'viewer');
    const query = parseQuery(estimateQuery, request.query);
    const line = await readableLine(request.runtime.db, project, query);
    const estimate = await estimateLine(costContext(request.runtime), { workspaceId: project.workspaceId, line, asOf: asOfOrToday(request.runtime, query.asOf) });
    return jsonResponse(200, estimate);
  },
});
