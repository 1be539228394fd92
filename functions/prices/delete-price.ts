import { actorOf } from '../../lib/platform/http/caller';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { removePrice } from '../../lib/features/prices/price-service';
import { priceWorkspace } from './price-workspace';

/** 204; 404 for a price of no such workspace; 409 naming each cost sheet that uses it. */
export const deletePrice = defineRoute({
  group: 'prices',
  operation: 'delete-price',
  method: 'DELETE',
  path: '/api/workspaces/{workspaceId}/prices/{priceId}',
  auth: 'person',
  summary: 'Delete a price no cost sheet uses; 409 naming the sheets (owner)',
  answers: { 204: 'empty', 404: 'problem', 409: 'problem' },
  access: { role: 'owner' },
  description: '409 naming each cost sheet that uses it.',
  example: { params: { priceId: '{doomedPriceId}' }, last: true },
  run: async (request) => {
    const { workspaceId, caller } = await priceWorkspace(request, 'owner');
    const priceId = pathUuid(request.pathParameters.priceId, 'Price');
    await removePrice(request.runtime.db, { workspaceId, actor: actorOf(caller), at: request.runtime.now() }, priceId);
    return noContentResponse();
  },
});
