import { listSavedEstimates as listSaved } from '../../lib/costs/saved-estimate-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { openProject } from './cost-request';
import { savedEstimateLine } from './saved-estimate-line';

/** GET P/costs/estimates (viewer): 200 `{items}`, summaries of the saved estimates, newest first. */
export const listSavedEstimates: Operation = async (request) => {
  const { project } = await openProject(request, 'viewer');
  const line = await savedEstimateLine(request, project.id);
  return jsonResponse(200, { items: await listSaved(request.runtime.db, project.id, line) });
};
