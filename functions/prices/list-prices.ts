import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery } from '../../lib/http/parse-input';
import { listPriceEntryPage } from '../../lib/prices/price-store';
import { priceWorkspace } from './price-workspace';

/** GET W/prices (viewer, or an agent token with `read`): 200 `{items: [price entry], nextCursor}`, oldest first. */
export const listPrices: Operation = async (request) => {
  const { workspaceId } = await priceWorkspace(request, 'viewer');
  const { runtime } = request;
  const { cursor, limit } = parseQuery(pageQuery, request.query);
  const scope = `prices:${workspaceId}`;
  const after = cursor ? decodeCursor<{ id: string }>(runtime.keyring, scope, cursor) : null;
  const page = await listPriceEntryPage(runtime.db, { workspaceId, afterId: after?.id ?? null, limit });
  const last = page.items.at(-1);
  return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, { id: last.id }) : null });
};
