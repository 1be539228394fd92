import { decisionsPage } from '../../contracts/comments';
import { listDecisions } from '../../lib/features/comments/comment-lists';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { authorizeReader } from './comment-access';
import { decisionListQuery } from './comment-inputs';

/** A read token may list them too: `{items, nextCursor}`. */
export const listThreadDecisions = defineRoute({
  group: 'comments',
  operation: 'list-decisions',
  method: 'GET',
  path: '/api/projects/{projectId}/decisions',
  auth: 'signed-in',
  summary: 'Decisions on main or ?draftId=, newest first; ?targetId= the chain on one target (viewer)',
  query: decisionListQuery,
  answers: { 200: decisionsPage, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  description: 'On main, or in `draftId` (404 when it names no draft of the project); `targetId` the chain on one target, the one in force first.',
  example: { as: 'readToken', query: { targetId: '{model_orders}' } },
  run: async (request) => {
    const project = await authorizeReader(request);
    const query = parseQuery(decisionListQuery, request.query);
    const page = await listDecisions(request.runtime, project.id, { draftId: query.draftId ?? null, targetId: query.targetId ?? null, cursor: query.cursor ?? null, limit: query.limit });
    return jsonResponse(200, { items: page.items, nextCursor: page.nextCursor });
  },
});
