import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { importGcpPrices as importPrices } from '../../lib/prices/catalog-imports';
import { gcpImportRequest } from '../../lib/prices/catalog-requests';
import { priceWorkspace } from './price-workspace';

/** POST W/prices/gcp (owner): the cloudC import → 201 `{items: [price entry]}`; 409 without `gcp:apiKey`; 502 when Google fails (nothing stored). */
export const importGcpPrices: Operation = async (request) => {
  const { workspaceId, caller } = await priceWorkspace(request, 'owner');
  const body = parseBody(gcpImportRequest, request.body);
  const items = await importPrices(priceCatalogContext(request.runtime), { workspaceId, request: body, actor: actorOf(caller), at: request.runtime.now() });
  return jsonResponse(201, { items });
};
