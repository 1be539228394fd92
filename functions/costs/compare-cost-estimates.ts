import { comparisonSchema } from '../../contracts/costs';
import { namedLine } from '../../lib/features/costs/cost-lines';
import { compareLines } from '../../lib/features/costs/estimate-service';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { compareQuery } from './cost-inputs';
import { asOfOrToday, costContext, openProject } from './cost-request';

/** The estimates of `left` and `right` (main, a branch or a revision) on `asOf`, resource by resource. */
export const compareCostEstimates = defineRoute({
  group: 'costs',
  operation: 'compare-cost-estimates',
  method: 'GET',
  path: '/api/projects/{projectId}/costs/compare',
  auth: 'signed-in',
  summary: 'Estimates of two lines (?left=, ?right=) side by side, resource by resource (viewer)',
  query: compareQuery,
  answers: { 200: comparisonSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer', query: { left: 'main', right: '{branchId}', asOf: '2025-06-01' } },
  run: async (request) => {
    const { project } = await openProject(request, 'viewer');
    const query = parseQuery(compareQuery, request.query);
    const left = await namedLine(request.runtime.db, project, query.left, 'left');
    const right = await namedLine(request.runtime.db, project, query.right, 'right');
    const comparison = await compareLines(costContext(request.runtime), { workspaceId: project.workspaceId, left, right, asOf: asOfOrToday(request.runtime, query.asOf) });
    return jsonResponse(200, comparison);
  },
});
