import { findSavedEstimate } from '../../lib/costs/saved-estimate-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { openProject } from './cost-request';
import { savedEstimateLine } from './saved-estimate-line';

/** GET P/costs/estimates/{estimateId} (viewer): 200 the saved estimate as it was computed. */
export const getSavedEstimate: Operation = async (request) => {
  const { project } = await openProject(request, 'viewer');
  const estimateId = pathUuid(request.pathParameters.estimateId, 'Saved estimate');
  const saved = await findSavedEstimate(request.runtime.db, project.id, estimateId, await savedEstimateLine(request, project.id));
  if (!saved) throw HttpProblem.notFound('Saved estimate not found');
  return jsonResponse(200, saved);
};
