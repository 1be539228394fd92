import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { importAzurePrice as importPrice } from '../../lib/features/prices/catalog-imports';
import { azureImportRequest } from '../../lib/features/prices/catalog-requests';
import { priceEntrySchema } from '../../contracts/prices';
import { priceWorkspace } from './price-workspace';

/** The cloudA import → 201 price entry; 502 when Azure fails (nothing stored). */
export const importAzurePrice = defineRoute({
  group: 'prices',
  operation: 'import-azure-price',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/prices/azure',
  auth: 'person',
  summary: 'Import one Azure retail price by its meter (owner)',
  body: azureImportRequest,
  answers: { 201: priceEntrySchema, 409: 'problem', 502: 'problem' },
  access: { role: 'owner' },
  description: '502 when the catalog fails or refuses (nothing is stored).',
  example: { body: { meterId: 'abc', skuId: null, armRegionName: null, currency: 'EUR' }, status: 409, why: 'the fixture workspace turns the Azure search off' },
  run: async (request) => {
    const { workspaceId, caller } = await priceWorkspace(request, 'owner');
    const body = parseBody(azureImportRequest, request.body);
    const entry = await importPrice(priceCatalogContext(request.runtime), { workspaceId, request: body, actor: actorOf(caller), at: request.runtime.now() });
    return jsonResponse(201, entry);
  },
});
