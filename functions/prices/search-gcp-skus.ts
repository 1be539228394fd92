import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { gcpSkusQuery } from '../../lib/prices/catalog-requests';
import { searchGcpSkus as search } from '../../lib/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** GET W/prices/gcp/skus?serviceId=&region=&search=&currency= (viewer): 200 `{currency, items: [sku], truncated}`; 409 without `gcp:apiKey`; 502 when Google fails. */
export const searchGcpSkus: Operation = async (request) => {
  const { workspaceId } = await priceWorkspace(request, 'viewer');
  const query = parseQuery(gcpSkusQuery, request.query);
  return jsonResponse(200, await search(priceCatalogContext(request.runtime), workspaceId, query));
};
