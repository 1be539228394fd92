import { threadSchema } from '../../contracts/comments';
import { setStatus } from '../../lib/features/comments/threads';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';

/** Already open: the thread as it is. */
export const reopenCommentThread = defineRoute({
  group: 'comments',
  operation: 'reopen-thread',
  method: 'POST',
  path: '/api/projects/{projectId}/threads/{threadId}/reopen',
  auth: 'person',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Reopen a resolved thread (editor)',
  answers: { 200: threadSchema, 404: 'problem' },
  access: { role: 'editor' },
  description: 'Clears `resolvedBy` and `resolvedAt`; already open: the thread as it is.',
  example: { as: 'editor', params: { threadId: '{resolvedThreadId}' } },
  run: async (request) => {
    const { project, writer } = await authorizeWriter(request, 'editor');
    const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
    // Reopening queues no event, so no link is needed.
    return jsonResponse(200, await setStatus(commentContext(request.runtime), { project, threadId, writer, status: 'open', linkBase: null }));
  },
});
