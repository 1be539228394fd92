import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { listAiCalls, type AiCallPosition } from '../../lib/ai/ai-call-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';

/**
 * GET W/ai/calls (owner): 200 `{items, nextCursor}`, the workspace's AI call records newest first
 * (task, provider, model, tokens, cost, duration, outcome; never prompt text). `cursor`, `limit`.
 */
export const listCalls: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const input = parseQuery(pageQuery, query);
  const scope = `ai-calls:${workspaceId}`;
  const before = input.cursor ? decodeCursor<AiCallPosition>(runtime.keyring, scope, input.cursor) : null;
  const page = await listAiCalls(runtime.db, { workspaceId, before, limit: input.limit });
  const last = page.items.at(-1);
  return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, { at: last.at, id: last.id }) : null });
};
