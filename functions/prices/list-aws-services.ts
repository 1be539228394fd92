import { z } from 'zod';
import { awsServicesSchema } from '../../contracts/prices';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { priceCatalogContext } from '../../lib/features/prices/catalog-access';
import { searchAwsServices } from '../../lib/features/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** `{items: [{service}]}`; 502 when the AWS Price List fails. */
export const listAwsServices = defineRoute({
  group: 'prices',
  operation: 'list-aws-services',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/prices/aws/services',
  auth: 'person',
  summary: 'Services of the AWS Price List (viewer)',
  answers: { 200: awsServicesSchema, 502: 'problem' },
  access: { role: 'viewer' },
  description: '502 when the catalog fails or refuses (nothing is stored).',
  example: { status: 502, why: 'the test instance reaches no price catalog' },
  run: async (request) => {
    await priceWorkspace(request, 'viewer');
    parseQuery(z.strictObject({}), request.query);
    return jsonResponse(200, await searchAwsServices(priceCatalogContext(request.runtime)));
  },
});
