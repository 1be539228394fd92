import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { priceEntriesPage } from '../../contracts/prices';
import { listPriceEntryPage } from '../../lib/features/prices/price-store';
import { priceWorkspace } from './price-workspace';

/** `{items: [price entry], nextCursor}`, oldest first; an agent token with `read` may ask. */
export const listPrices = defineRoute({
  group: 'prices',
  operation: 'list-prices',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/prices',
  auth: 'signed-in',
  summary: 'Prices of a workspace, oldest first, paged (viewer)',
  query: pageQuery,
  answers: { 200: priceEntriesPage },
  access: { role: 'viewer' },
  description: 'Oldest first.',
  example: { as: 'readToken' },
  run: async (request) => {
    const { workspaceId } = await priceWorkspace(request, 'viewer');
    const { runtime } = request;
    const { cursor, limit } = parseQuery(pageQuery, request.query);
    const scope = `prices:${workspaceId}`;
    const after = cursor ? decodeCursor<{ id: string }>(runtime.keyring, scope, cursor) : null;
    const page = await listPriceEntryPage(runtime.db, { workspaceId, afterId: after?.id ?? null, limit });
    const last = page.items.at(-1);
    return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, { id: last.id }) : null });
  },
});
