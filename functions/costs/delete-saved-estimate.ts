import { deleteSavedEstimate as removeSavedEstimate } from '../../lib/costs/saved-estimate-store';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { openProject } from './cost-request';
import { savedEstimateLine } from './saved-estimate-line';

/** DELETE P/costs/estimates/{estimateId} (editor): 204. */
export const deleteSavedEstimate: Operation = async (request) => {
  const { project } = await openProject(request, 'editor');
  const estimateId = pathUuid(request.pathParameters.estimateId, 'Saved estimate');
  if (!(await removeSavedEstimate(request.runtime.db, project.id, estimateId, await savedEstimateLine(request, project.id)))) throw HttpProblem.notFound('Saved estimate not found');
  return noContentResponse();
};
