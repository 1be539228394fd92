import { namedLine } from '../../lib/costs/cost-lines';
import { compareLines } from '../../lib/costs/estimate-service';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { compareQuery } from './cost-inputs';
import { asOfOrToday, costContext, openProject } from './cost-request';

/** GET P/costs/compare (viewer): 200 the estimates of `left` and `right` (main, a branch or a revision) on `asOf`, resource by resource. */
export const compareCostEstimates: Operation = async (request) => {
  const { project } = await openProject(request, 'viewer');
  const query = parseQuery(compareQuery, request.query);
  const left = await namedLine(request.runtime.db, project.id, query.left, 'left');
  const right = await namedLine(request.runtime.db, project.id, query.right, 'right');
  const comparison = await compareLines(costContext(request.runtime), { workspaceId: project.workspaceId, left, right, asOf: asOfOrToday(request.runtime, query.asOf) });
  return jsonResponse(200, comparison);
};
