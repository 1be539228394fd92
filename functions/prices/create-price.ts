import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { priceEntrySchema } from '../../contracts/prices';
import { customPriceRequest } from '../../lib/features/prices/price-rules';
import { createCustomPrice } from '../../lib/features/prices/price-service';
import { priceWorkspace } from './price-workspace';

/** CustomPriceRequest → 201 price entry (source `custom`). */
export const createPrice = defineRoute({
  group: 'prices',
  operation: 'create-price',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/prices',
  auth: 'person',
  summary: 'Add a custom price (owner)',
  body: customPriceRequest,
  answers: { 201: priceEntrySchema },
  access: { role: 'owner' },
  example: { body: { provider: 'azure', region: 'westeurope', sku: 'D4s v5', description: null, unit: '1 Hour', unitPrice: '0.192', currency: 'EUR', effectiveDate: '2025-01-01' } },
  run: async (request) => {
    const { workspaceId, caller } = await priceWorkspace(request, 'owner');
    const price = parseBody(customPriceRequest, request.body);
    const entry = await createCustomPrice(request.runtime.db, { workspaceId, actor: actorOf(caller), at: request.runtime.now() }, price);
    return jsonResponse(201, entry);
  },
});
