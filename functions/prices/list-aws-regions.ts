import { awsRegionsSchema } from '../../contracts/prices';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { awsRegionsQuery } from '../../lib/features/prices/catalog-requests';
import { searchAwsRegions } from '../../lib/features/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** ?service=: `{items: [{regionCode}]}`; 400 for a service the list lacks; 502 when it fails. */
export const listAwsRegions = defineRoute({
  group: 'prices',
  operation: 'list-aws-regions',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/prices/aws/regions',
  auth: 'person',
  summary: 'Regions an AWS service has prices in (viewer)',
  query: awsRegionsQuery,
  answers: { 200: awsRegionsSchema, 502: 'problem' },
  access: { role: 'viewer' },
  description: '400 for a service the list lacks. 502 when the catalog fails or refuses (nothing is stored).',
  example: { query: { service: 'AmazonEC2' }, status: 502, why: 'the test instance reaches no price catalog' },
  run: async (request) => {
    await priceWorkspace(request, 'viewer');
    const { service } = parseQuery(awsRegionsQuery, request.query);
    return jsonResponse(200, await searchAwsRegions(priceCatalogContext(request.runtime), service));
  },
});
