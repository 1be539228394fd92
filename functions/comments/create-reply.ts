import { commentSchema } from '../../contracts/comments';
import { replyToThread } from '../../lib/features/comments/threads';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { eventLinkBase } from '../../lib/platform/http/event-link-base';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';
import { replyRequest } from './comment-inputs';

/** A person's words: an agent token cannot reply. */
export const createCommentReply = defineRoute({
  group: 'comments',
  operation: 'create-reply',
  method: 'POST',
  path: '/api/projects/{projectId}/threads/{threadId}/replies',
  auth: 'person',
  summary: 'Reply in a thread; 200 when the id exists, 201 when new (viewer)',
  body: replyRequest,
  answers: { 201: commentSchema, 200: commentSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'viewer' },
  description: "201 the new comment; 200 the comment `id` already names in this thread (nothing written); 409 on `id` when another thread's comment has it, or when the thread holds 1000 comments. A reply does not reopen a resolved thread.",
  example: { as: 'viewer', body: { body: 'Payments stay in checkout.\nSee the scenario.', mentions: null }, status: 201 },
  run: async (request) => {
    const { project, writer } = await authorizeWriter(request, 'viewer');
    const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
    const body = parseBody(replyRequest, request.body);
    const answer = await replyToThread(commentContext(request.runtime), { project, threadId, writer, request: body, linkBase: eventLinkBase(request) });
    return jsonResponse(answer.created ? 201 : 200, answer.comment);
  },
});
