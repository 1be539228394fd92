import { z } from 'zod';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { searchAwsServices } from '../../lib/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** GET W/prices/aws/services (viewer): 200 `{items: [{service}]}`; 502 when the AWS Price List fails. */
export const listAwsServices: Operation = async (request) => {
  await priceWorkspace(request, 'viewer');
  parseQuery(z.strictObject({}), request.query);
  return jsonResponse(200, await searchAwsServices(priceCatalogContext(request.runtime)));
};
