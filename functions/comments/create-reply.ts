import { replyToThread } from '../../lib/comments/threads';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { eventLinkBase } from '../../lib/http/event-link-base';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';
import { replyRequest } from './comment-inputs';

/** POST P/threads/{threadId}/replies (viewer, a person): 201 the new comment; 200 the comment an `id` already names in this thread; 409 another thread's ID. */
export const createCommentReply: Operation = async (request) => {
  const { project, writer } = await authorizeWriter(request, 'viewer');
  const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
  const body = parseBody(replyRequest, request.body);
  const answer = await replyToThread(commentContext(request.runtime), { project, threadId, writer, request: body, linkBase: eventLinkBase(request) });
  return jsonResponse(answer.created ? 201 : 200, answer.comment);
};
