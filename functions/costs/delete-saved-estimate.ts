import { deleteSavedEstimate as removeSavedEstimate } from '../../lib/features/costs/saved-estimate-store';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { branchQuery } from './cost-inputs';
import { openProject } from './cost-request';
import { savedEstimateLine } from './saved-estimate-line';

export const deleteSavedEstimate = defineRoute({
  group: 'costs',
  operation: 'delete-saved-estimate',
  method: 'DELETE',
  path: '/api/projects/{projectId}/costs/estimates/{estimateId}',
  auth: 'signed-in',
  summary: 'Delete a saved estimate (editor)',
  query: branchQuery,
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { estimateId: '{doomedEstimateId}' }, last: true },
  run: async (request) => {
    const { project } = await openProject(request, 'editor');
    const estimateId = pathUuid(request.pathParameters.estimateId, 'Saved estimate');
    if (!(await removeSavedEstimate(request.runtime.db, project.id, estimateId, await savedEstimateLine(request, project)))) throw HttpProblem.notFound('Saved estimate not found');
    return noContentResponse();
  },
});
