import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { importAwsPrices as importPrices } from '../../lib/prices/catalog-imports';
import { awsImportRequest } from '../../lib/prices/catalog-requests';
import { priceWorkspace } from './price-workspace';

/** POST W/prices/aws (owner): the cloudB import → 201 `{items: [price entry]}`; 502 when the AWS Price List fails (nothing stored). */
export const importAwsPrices: Operation = async (request) => {
  const { workspaceId, caller } = await priceWorkspace(request, 'owner');
  const body = parseBody(awsImportRequest, request.body);
  const items = await importPrices(priceCatalogContext(request.runtime), { workspaceId, request: body, actor: actorOf(caller), at: request.runtime.now() });
  return jsonResponse(201, { items });
};
