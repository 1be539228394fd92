import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { importAwsPrices as importPrices } from '../../lib/features/prices/catalog-imports';
import { awsImportRequest } from '../../lib/features/prices/catalog-requests';
import { importedPricesSchema } from '../../contracts/prices';
import { priceWorkspace } from './price-workspace';

/** The cloudB import → 201 `{items: [price entry]}`; 502 when the AWS Price List fails (nothing stored). */
export const importAwsPrices = defineRoute({
  group: 'prices',
  operation: 'import-aws-prices',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/prices/aws',
  auth: 'person',
  summary: 'Import OnDemand rates of an AWS service in a region (owner)',
  body: awsImportRequest,
  answers: { 201: importedPricesSchema, 502: 'problem' },
  access: { role: 'owner' },
  description: '502 when the catalog fails or refuses (nothing is stored).',
  example: { body: { service: 'AmazonEC2', region: 'us-east-1', rateCodes: ['X.Y.Z'] }, status: 502, why: 'the test instance reaches no price catalog' },
  run: async (request) => {
    const { workspaceId, caller } = await priceWorkspace(request, 'owner');
    const body = parseBody(awsImportRequest, request.body);
    const items = await importPrices(priceCatalogContext(request.runtime), { workspaceId, request: body, actor: actorOf(caller), at: request.runtime.now() });
    return jsonResponse(201, { items });
  },
});
