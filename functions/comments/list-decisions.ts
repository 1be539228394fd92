import { listDecisions } from '../../lib/comments/comment-lists';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { authorizeReader } from './comment-access';
import { decisionListQuery } from './comment-inputs';

/** GET P/decisions (viewer, or a read token): 200 `{items, nextCursor}`, decisions on main or `?draftId=`, newest first; `?targetId=` the chain on one target. */
export const listThreadDecisions: Operation = async (request) => {
  const project = await authorizeReader(request);
  const query = parseQuery(decisionListQuery, request.query);
  const page = await listDecisions(request.runtime, project.id, { draftId: query.draftId ?? null, targetId: query.targetId ?? null, cursor: query.cursor ?? null, limit: query.limit });
  return jsonResponse(200, { items: page.items, nextCursor: page.nextCursor });
};
