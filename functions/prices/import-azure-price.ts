import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { importAzurePrice as importPrice } from '../../lib/prices/catalog-imports';
import { azureImportRequest } from '../../lib/prices/catalog-requests';
import { priceWorkspace } from './price-workspace';

/** POST W/prices/azure (owner): the cloudA import → 201 price entry; 502 when Azure fails (nothing stored). */
export const importAzurePrice: Operation = async (request) => {
  const { workspaceId, caller } = await priceWorkspace(request, 'owner');
  const body = parseBody(azureImportRequest, request.body);
  const entry = await importPrice(priceCatalogContext(request.runtime), { workspaceId, request: body, actor: actorOf(caller), at: request.runtime.now() });
  return jsonResponse(201, entry);
};
