import { getThread } from '../../lib/comments/threads';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { authorizeReader } from './comment-access';

/** GET P/threads/{threadId} (viewer, or a read token): 200 the thread, every comment in order, tombstones in place. */
export const getCommentThread: Operation = async (request) => {
  const project = await authorizeReader(request);
  return jsonResponse(200, await getThread(request.runtime.db, project.id, pathUuid(request.pathParameters.threadId, 'Thread')));
};
