import { deleteComment } from '../../lib/features/comments/threads';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';

/** A tombstone stays in its place. */
export const deleteThreadComment = defineRoute({
  group: 'comments',
  operation: 'delete-comment',
  method: 'DELETE',
  path: '/api/projects/{projectId}/threads/{threadId}/comments/{commentId}',
  auth: 'person',
  summary: "Delete one's own comment, or any as owner; a tombstone stays (author or owner)",
  answers: { 204: 'empty', 403: 'problem', 404: 'problem' },
  access: { role: 'viewer', note: 'Its author, or an owner of the workspace.' },
  description: 'A tombstone stays in its place (`body` null, `deleted` true); deleting it again answers 204.',
  example: { params: { commentId: '{doomedCommentId}' }, last: true },
  run: async (request) => {
    const { project, writer } = await authorizeWriter(request, 'viewer');
    const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
    const commentId = pathUuid(request.pathParameters.commentId, 'Comment');
    await deleteComment(commentContext(request.runtime), { project, threadId, commentId, writer });
    return noContentResponse();
  },
});
