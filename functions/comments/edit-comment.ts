import { commentSchema } from '../../contracts/comments';
import { editComment } from '../../lib/features/comments/threads';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { eventLinkBase } from '../../lib/platform/http/event-link-base';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';
import { editRequest } from './comment-inputs';

/** Only its author may change a comment; a deleted one stays deleted. */
export const editThreadComment = defineRoute({
  group: 'comments',
  operation: 'edit-comment',
  method: 'PATCH',
  path: '/api/projects/{projectId}/threads/{threadId}/comments/{commentId}',
  auth: 'person',
  summary: "Change one's own comment: body and mentions (its author)",
  body: editRequest,
  answers: { 200: commentSchema, 400: 'problem', 403: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'viewer', note: 'Only its author.' },
  description: "403 for someone else's comment (an owner too); 409 for a deleted one. `mentions` absent or null keeps the mentions, a list replaces them.",
  example: { as: 'editor', body: { body: 'Should orders own the payment step, or checkout?', mentions: ['viewer@contract.test'] } },
  run: async (request) => {
    const { project, writer } = await authorizeWriter(request, 'viewer');
    const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
    const commentId = pathUuid(request.pathParameters.commentId, 'Comment');
    const body = parseBody(editRequest, request.body);
    return jsonResponse(200, await editComment(commentContext(request.runtime), { project, threadId, commentId, writer, request: body, linkBase: eventLinkBase(request) }));
  },
});
