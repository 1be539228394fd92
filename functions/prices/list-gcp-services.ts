import { z } from 'zod';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { searchGcpServices } from '../../lib/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** GET W/prices/gcp/services (viewer): 200 `{items: [{serviceId, displayName, businessEntityName}]}`; 409 without `gcp:apiKey`; 502 when Google fails. */
export const listGcpServices: Operation = async (request) => {
  const { workspaceId } = await priceWorkspace(request, 'viewer');
  parseQuery(z.strictObject({}), request.query);
  return jsonResponse(200, await searchGcpServices(priceCatalogContext(request.runtime), workspaceId));
};
