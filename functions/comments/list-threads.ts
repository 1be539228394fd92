import { listThreads } from '../../lib/comments/comment-lists';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { authorizeReader } from './comment-access';
import { threadListQuery } from './comment-inputs';

/** GET P/threads (viewer, or a read token): 200 `{items, nextCursor}`, threads on main or `?draftId=`, newest first; `?targetId=`, `?status=open|resolved`. */
export const listCommentThreads: Operation = async (request) => {
  const project = await authorizeReader(request);
  const query = parseQuery(threadListQuery, request.query);
  const page = await listThreads(request.runtime, project.id, { draftId: query.draftId ?? null, targetId: query.targetId ?? null, status: query.status ?? null, cursor: query.cursor ?? null, limit: query.limit }, 'threads');
  return jsonResponse(200, { items: page.items, nextCursor: page.nextCursor });
};
