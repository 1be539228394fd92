import { gcpSkusFound } from '../../contracts/prices';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { gcpSkusQuery } from '../../lib/features/prices/catalog-requests';
import { searchGcpSkus as search } from '../../lib/features/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** ?serviceId=&region=&search=&currency=: `{currency, items: [sku], truncated}`; 409 without `gcp:apiKey`; 502 when Google fails. */
export const searchGcpSkus = defineRoute({
  group: 'prices',
  operation: 'search-gcp-skus',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/prices/gcp/skus',
  auth: 'person',
  summary: 'SKUs of a Google Cloud service with their prices, searched (viewer)',
  query: gcpSkusQuery,
  answers: { 200: gcpSkusFound, 409: 'problem', 502: 'problem' },
  access: { role: 'viewer' },
  description: '409 without gcp:apiKey. 502 when the catalog fails or refuses (nothing is stored).',
  example: { query: { serviceId: '6F81-5844-456A' }, status: 409, why: 'the fixture workspace holds no gcp:apiKey' },
  run: async (request) => {
    const { workspaceId } = await priceWorkspace(request, 'viewer');
    const query = parseQuery(gcpSkusQuery, request.query);
    return jsonResponse(200, await search(priceCatalogContext(request.runtime), workspaceId, query));
  },
});
