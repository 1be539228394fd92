import { readableLine } from '../../lib/costs/cost-lines';
import { estimateLine } from '../../lib/costs/estimate-service';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { estimateQuery } from './cost-inputs';
import { asOfOrToday, costContext, openProject } from './cost-request';

/** GET P/costs/estimate (viewer, read token): 200 the estimate of the line on `asOf` (default today, UTC). */
export const getCostEstimate: Operation = async (request) => {
  const { project } = await openProject(request, 'viewer');
  const query = parseQuery(estimateQuery, request.query);
  const line = await readableLine(request.runtime.db, project.id, query);
  const estimate = await estimateLine(costContext(request.runtime), { workspaceId: project.workspaceId, line, asOf: asOfOrToday(request.runtime, query.asOf) });
  return jsonResponse(200, estimate);
};
