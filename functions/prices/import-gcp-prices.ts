import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { importGcpPrices as importPrices } from '../../lib/features/prices/catalog-imports';
import { gcpImportRequest } from '../../lib/features/prices/catalog-requests';
import { importedPricesSchema } from '../../contracts/prices';
import { priceWorkspace } from './price-workspace';

/** The cloudC import → 201 `{items: [price entry]}`; 409 without `gcp:apiKey`; 502 when Google fails (nothing stored). */
export const importGcpPrices = defineRoute({
  group: 'prices',
  operation: 'import-gcp-prices',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/prices/gcp',
  auth: 'person',
  summary: 'Import prices of Google Cloud SKUs, one per tier (owner)',
  body: gcpImportRequest,
  answers: { 201: importedPricesSchema, 409: 'problem', 502: 'problem' },
  access: { role: 'owner' },
  description: '409 without gcp:apiKey. 502 when the catalog fails or refuses (nothing is stored).',
  example: { body: { serviceId: '6F81-5844-456A', region: null, currency: 'USD', skuIds: null }, status: 409, why: 'the fixture workspace holds no gcp:apiKey' },
  run: async (request) => {
    const { workspaceId, caller } = await priceWorkspace(request, 'owner');
    const body = parseBody(gcpImportRequest, request.body);
    const items = await importPrices(priceCatalogContext(request.runtime), { workspaceId, request: body, actor: actorOf(caller), at: request.runtime.now() });
    return jsonResponse(201, { items });
  },
});
