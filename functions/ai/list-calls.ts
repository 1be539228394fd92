import { listAiCalls, type AiCallPosition } from '../../lib/features/ai/ai-call-store';
import { aiCallsPage } from '../../contracts/ai';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';

/** `{items, nextCursor}`: task, provider, model, tokens, cost, duration, outcome; never prompt text. */
export const listCalls = defineRoute({
  group: 'ai',
  operation: 'list-calls',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/ai/calls',
  auth: 'person',
  summary: 'AI call records, newest first: task, provider, model, tokens, cost, duration, outcome (owner)',
  query: pageQuery,
  answers: { 200: aiCallsPage, 400: 'problem' },
  access: { role: 'owner', note: 'A person; an agent token gets 403.' },
  description: 'Every attempt that reached a routed provider, newest first: never prompt or answer text.',
  example: { query: { limit: '20' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const input = parseQuery(pageQuery, query);
    const scope = `ai-calls:${workspaceId}`;
    const before = input.cursor ? decodeCursor<AiCallPosition>(runtime.keyring, scope, input.cursor) : null;
    const page = await listAiCalls(runtime.db, { workspaceId, before, limit: input.limit });
    const last = page.items.at(-1);
    return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, { at: last.at, id: last.id }) : null });
  },
});
