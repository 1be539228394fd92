import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { awsRegionsQuery } from '../../lib/prices/catalog-requests';
import { searchAwsRegions } from '../../lib/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** GET W/prices/aws/regions?service= (viewer): 200 `{items: [{regionCode}]}`; 400 for a service the list lacks; 502 when it fails. */
export const listAwsRegions: Operation = async (request) => {
  await priceWorkspace(request, 'viewer');
  const { service } = parseQuery(awsRegionsQuery, request.query);
  return jsonResponse(200, await searchAwsRegions(priceCatalogContext(request.runtime), service));
};
