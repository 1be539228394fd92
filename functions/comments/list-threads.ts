import { threadSummariesPage } from '../../contracts/comments';
import { listThreads } from '../../lib/features/comments/comment-lists';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { authorizeReader } from './comment-access';
import { threadListQuery } from './comment-inputs';

/** A read token may list them too: `{items, nextCursor}`. */
export const listCommentThreads = defineRoute({
  group: 'comments',
  operation: 'list-threads',
  method: 'GET',
  path: '/api/projects/{projectId}/threads',
  auth: 'signed-in',
  summary: 'Threads on main or ?draftId=, newest first; ?targetId=, ?status=open|resolved (viewer)',
  query: threadListQuery,
  answers: { 200: threadSummariesPage, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  description: 'Each thread with its first comment, newest first; without `draftId` the threads on main only (a `draftId` that names no draft of the project is 404). `cursor` is the `nextCursor` of the page before with the same filters.',
  example: { as: 'readToken', query: { status: 'open', limit: '10' } },
  run: async (request) => {
    const project = await authorizeReader(request);
    const query = parseQuery(threadListQuery, request.query);
    const page = await listThreads(request.runtime, project.id, { draftId: query.draftId ?? null, targetId: query.targetId ?? null, status: query.status ?? null, cursor: query.cursor ?? null, limit: query.limit }, 'threads');
    return jsonResponse(200, { items: page.items, nextCursor: page.nextCursor });
  },
});
