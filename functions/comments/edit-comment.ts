import { editComment } from '../../lib/comments/threads';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { eventLinkBase } from '../../lib/http/event-link-base';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';
import { editRequest } from './comment-inputs';

/** PATCH P/threads/{threadId}/comments/{commentId} (its author): 200 the comment; 403 someone else's; 409 a deleted one. */
export const editThreadComment: Operation = async (request) => {
  const { project, writer } = await authorizeWriter(request, 'viewer');
  const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
  const commentId = pathUuid(request.pathParameters.commentId, 'Comment');
  const body = parseBody(editRequest, request.body);
  return jsonResponse(200, await editComment(commentContext(request.runtime), { project, threadId, commentId, writer, request: body, linkBase: eventLinkBase(request) }));
};
