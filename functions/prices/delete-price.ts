import { actorOf } from '../../lib/auth/caller';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { removePrice } from '../../lib/prices/price-service';
import { priceWorkspace } from './price-workspace';

/** DELETE W/prices/{priceId} (owner): 204; 404 for a price of no such workspace; 409 naming each cost sheet that uses it. */
export const deletePrice: Operation = async (request) => {
  const { workspaceId, caller } = await priceWorkspace(request, 'owner');
  const priceId = pathUuid(request.pathParameters.priceId, 'Price');
  await removePrice(request.runtime.db, { workspaceId, actor: actorOf(caller), at: request.runtime.now() }, priceId);
  return noContentResponse();
};
