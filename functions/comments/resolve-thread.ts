import { setStatus } from '../../lib/comments/threads';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { eventLinkBase } from '../../lib/http/event-link-base';
import { pathUuid } from '../../lib/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';

/** POST P/threads/{threadId}/resolve (editor): 200 the thread, resolved (already resolved: as it is). */
export const resolveCommentThread: Operation = async (request) => {
  const { project, writer } = await authorizeWriter(request, 'editor');
  const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
  return jsonResponse(200, await setStatus(commentContext(request.runtime), { project, threadId, writer, status: 'resolved', linkBase: eventLinkBase(request) }));
};
