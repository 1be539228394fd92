import { z } from 'zod';
import { gcpServicesSchema } from '../../contracts/prices';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { searchGcpServices } from '../../lib/features/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** `{items: [{serviceId, displayName, businessEntityName}]}`; 409 without `gcp:apiKey`; 502 when Google fails. */
export const listGcpServices = defineRoute({
  group: 'prices',
  operation: 'list-gcp-services',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/prices/gcp/services',
  auth: 'person',
  summary: 'Services of the Google Cloud Billing Catalog, with the workspace key (viewer)',
  answers: { 200: gcpServicesSchema, 409: 'problem', 502: 'problem' },
  access: { role: 'viewer' },
  description: '409 without the workspace credential gcp:apiKey. 502 when the catalog fails or refuses (nothing is stored).',
  example: { status: 409, why: 'the fixture workspace holds no gcp:apiKey' },
  run: async (request) => {
    const { workspaceId } = await priceWorkspace(request, 'viewer');
    parseQuery(z.strictObject({}), request.query);
    return jsonResponse(200, await searchGcpServices(priceCatalogContext(request.runtime), workspaceId));
  },
});
