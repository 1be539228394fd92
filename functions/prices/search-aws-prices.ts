import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { priceCatalogContext } from '../../lib/prices/catalog-access';
import { awsPricesQuery } from '../../lib/prices/catalog-requests';
import { searchAwsPrices as search } from '../../lib/prices/catalog-searches';
import { priceWorkspace } from './price-workspace';

/** GET W/prices/aws/prices?service=&region=&search= (viewer): 200 `{items: [rate], truncated}`; 502 when the AWS Price List fails. */
export const searchAwsPrices: Operation = async (request) => {
  await priceWorkspace(request, 'viewer');
  const query = parseQuery(awsPricesQuery, request.query);
  return jsonResponse(200, await search(priceCatalogContext(request.runtime), query));
};
