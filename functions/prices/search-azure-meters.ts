import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { azureMeterQuery } from '../../lib/prices/catalog-requests';
import { searchAzureMeters as search } from '../../lib/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** GET W/prices/azure/meters (viewer): 200 `{currency, items: [meter], nextCursor}`; 409 while the search is off; 502 when Azure fails. */
export const searchAzureMeters: Operation = async (request) => {
  const { workspaceId } = await priceWorkspace(request, 'viewer');
  const query = parseQuery(azureMeterQuery, request.query);
  return jsonResponse(200, await search(priceCatalogContext(request.runtime), workspaceId, query));
};
