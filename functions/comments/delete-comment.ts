import { deleteComment } from '../../lib/comments/threads';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';

/** DELETE P/threads/{threadId}/comments/{commentId} (its author, or an owner): 204; a tombstone stays in its place. */
export const deleteThreadComment: Operation = async (request) => {
  const { project, writer } = await authorizeWriter(request, 'viewer');
  const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
  const commentId = pathUuid(request.pathParameters.commentId, 'Comment');
  await deleteComment(commentContext(request.runtime), { project, threadId, commentId, writer });
  return noContentResponse();
};
