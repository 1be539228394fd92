import { createThread } from '../../lib/comments/threads';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { eventLinkBase } from '../../lib/http/event-link-base';
import { parseBody } from '../../lib/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';
import { threadRequest } from './comment-inputs';

/** POST P/threads (viewer, a person): 201 the new thread with its first comment; 200 the thread an `id` already names; 409 another project's ID. */
export const createCommentThread: Operation = async (request) => {
  const { project, writer } = await authorizeWriter(request, 'viewer');
  const body = parseBody(threadRequest, request.body);
  const answer = await createThread(commentContext(request.runtime), { project, writer, request: body, linkBase: eventLinkBase(request) });
  return jsonResponse(answer.created ? 201 : 200, answer.thread);
};
