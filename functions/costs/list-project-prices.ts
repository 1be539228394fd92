import { costSettings } from '../../lib/costs/estimate-service';
import { projectPrices } from '../../lib/costs/project-prices';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { pricesQuery } from './cost-inputs';
import { asOfOrToday, costContext, openProject } from './cost-request';

/** GET P/costs/prices (viewer): 200 `{asOf, items[{price, usedBy}]}`, the workspace prices the project's sheets use on any line. */
export const listProjectPrices: Operation = async (request) => {
  const { project } = await openProject(request, 'viewer');
  const { runtime } = request;
  const asOf = asOfOrToday(runtime, parseQuery(pricesQuery, request.query).asOf);
  const { currency } = await costSettings(costContext(runtime), project.workspaceId);
  const items = await projectPrices(runtime.db, { projectId: project.id, workspaceId: project.workspaceId, asOf, preferredCurrency: currency });
  return jsonResponse(200, { asOf, items });
};
