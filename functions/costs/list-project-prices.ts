import { projectPricesSchema } from '../../contracts/costs';
import { costSettings } from '../../lib/features/costs/estimate-service';
import { projectPrices } from '../../lib/features/costs/project-prices';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { pricesQuery } from './cost-inputs';
import { asOfOrToday, costContext, openProject } from './cost-request';

/** `{asOf, items[{price, usedBy}]}`: the workspace prices the project's sheets use on any line. */
export const listProjectPrices = defineRoute({
  group: 'costs',
  operation: 'list-project-prices',
  method: 'GET',
  path: '/api/projects/{projectId}/costs/prices',
  auth: 'signed-in',
  summary: "The workspace prices the project's cost sheets use, with the resources using them (viewer)",
  query: pricesQuery,
  answers: { 200: projectPricesSchema },
  access: { role: 'viewer' },
  example: { as: 'readToken', query: { asOf: '2025-06-01' } },
  run: async (request) => {
    const { project } = await openProject(request, 'viewer');
    const { runtime } = request;
    const asOf = asOfOrToday(runtime, parseQuery(pricesQuery, request.query).asOf);
    const { currency } = await costSettings(costContext(runtime), project.workspaceId);
    const items = await projectPrices(runtime.db, { projectId: project.id, workspaceId: project.workspaceId, asOf, preferredCurrency: currency });
    return jsonResponse(200, { asOf, items });
  },
});
