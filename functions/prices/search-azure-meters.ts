import { azureMetersPage } from '../../contracts/prices';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { azureMeterQuery } from '../../lib/features/prices/catalog-requests';
import { searchAzureMeters as search } from '../../lib/features/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** `{currency, items: [meter], nextCursor}`; 409 while the search is off; 502 when Azure fails. */
export const searchAzureMeters = defineRoute({
  group: 'prices',
  operation: 'search-azure-meters',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/prices/azure/meters',
  auth: 'person',
  summary: 'Search Azure retail prices, a page at a time (viewer)',
  query: azureMeterQuery,
  answers: { 200: azureMetersPage, 409: 'problem', 502: 'problem' },
  access: { role: 'viewer' },
  description: '409 while cost.azurePricesBaseUrl is empty. 502 when the catalog fails or refuses (nothing is stored).',
  example: { query: { serviceName: 'Virtual Machines' }, status: 409, why: 'the fixture workspace turns the Azure search off' },
  run: async (request) => {
    const { workspaceId } = await priceWorkspace(request, 'viewer');
    const query = parseQuery(azureMeterQuery, request.query);
    return jsonResponse(200, await search(priceCatalogContext(request.runtime), workspaceId, query));
  },
});
