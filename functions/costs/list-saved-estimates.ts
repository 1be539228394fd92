import { savedEstimatesList } from '../../contracts/costs';
import { listSavedEstimates as listSaved } from '../../lib/features/costs/saved-estimate-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { branchQuery } from './cost-inputs';
import { openProject } from './cost-request';
import { savedEstimateLine } from './saved-estimate-line';

/** `{items}`: summaries of the saved estimates, newest first. */
export const listSavedEstimates = defineRoute({
  group: 'costs',
  operation: 'list-saved-estimates',
  method: 'GET',
  path: '/api/projects/{projectId}/costs/estimates',
  auth: 'signed-in',
  summary: 'Saved estimates of the project, newest first (viewer)',
  query: branchQuery,
  answers: { 200: savedEstimatesList },
  access: { role: 'viewer' },
  description: 'Newest first.',
  example: { as: 'viewer' },
  run: async (request) => {
    const { project } = await openProject(request, 'viewer');
    const line = await savedEstimateLine(request, project);
    return jsonResponse(200, { items: await listSaved(request.runtime.db, project.id, line) });
  },
});
