import { savedEstimateSchema } from '../../contracts/costs';
import { findSavedEstimate } from '../../lib/features/costs/saved-estimate-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { branchQuery } from './cost-inputs';
import { openProject } from './cost-request';
import { savedEstimateLine } from './saved-estimate-line';

/** The saved estimate as it was computed. */
export const getSavedEstimate = defineRoute({
  group: 'costs',
  operation: 'get-saved-estimate',
  method: 'GET',
  path: '/api/projects/{projectId}/costs/estimates/{estimateId}',
  auth: 'signed-in',
  summary: 'A saved estimate as it was computed (viewer)',
  query: branchQuery,
  answers: { 200: savedEstimateSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async (request) => {
    const { project } = await openProject(request, 'viewer');
    const estimateId = pathUuid(request.pathParameters.estimateId, 'Saved estimate');
    const saved = await findSavedEstimate(request.runtime.db, project.id, estimateId, await savedEstimateLine(request, project));
    if (!saved) throw HttpProblem.notFound('Saved estimate not found');
    return jsonResponse(200, saved);
  },
});
