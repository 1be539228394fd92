import { awsRatesFound } from '../../contracts/prices';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { awsPricesQuery } from '../../lib/features/prices/catalog-requests';
import { searchAwsPrices as search } from '../../lib/features/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** ?service=&region=&search=: `{items: [rate], truncated}`; 502 when the AWS Price List fails. */
export const searchAwsPrices = defineRoute({
  group: 'prices',
  operation: 'search-aws-prices',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/prices/aws/prices',
  auth: 'person',
  summary: 'OnDemand rates of an AWS service in a region, searched (viewer)',
  query: awsPricesQuery,
  answers: { 200: awsRatesFound, 502: 'problem' },
  access: { role: 'viewer' },
  description: '502 when the catalog fails or refuses (nothing is stored).',
  example: { query: { service: 'AmazonEC2', region: 'us-east-1', search: 't3.micro' }, status: 502, why: 'the test instance reaches no price catalog' },
  run: async (request) => {
    await priceWorkspace(request, 'viewer');
    const query = parseQuery(awsPricesQuery, request.query);
    return jsonResponse(200, await search(priceCatalogContext(request.runtime), query));
  },
});
