import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { createCustomPrice } from '../../lib/prices/price-service';
import { customPriceRequest } from '../../lib/prices/price-rules';
import { priceWorkspace } from './price-workspace';

/** POST W/prices (owner): CustomPriceRequest → 201 price entry (source `custom`). */
export const createPrice: Operation = async (request) => {
  const { workspaceId, caller } = await priceWorkspace(request, 'owner');
  const price = parseBody(customPriceRequest, request.body);
  const entry = await createCustomPrice(request.runtime.db, { workspaceId, actor: actorOf(caller), at: request.runtime.now() }, price);
  return jsonResponse(201, entry);
};
