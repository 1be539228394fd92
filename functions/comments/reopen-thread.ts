import { setStatus } from '../../lib/comments/threads';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';

/** POST P/threads/{threadId}/reopen (editor): 200 the thread, open again (already open: as it is). */
export const reopenCommentThread: Operation = async (request) => {
  const { project, writer } = await authorizeWriter(request, 'editor');
  const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
  // Reopening queues no event, so no link is needed.
  return jsonResponse(200, await setStatus(commentContext(request.runtime), { project, threadId, writer, status: 'open', linkBase: null }));
};
