import { threadSchema } from '../../contracts/comments';
import { setStatus } from '../../lib/features/comments/threads';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { eventLinkBase } from '../../lib/platform/http/event-link-base';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';

/** Already resolved: the thread as it is. */
export const resolveCommentThread = defineRoute({
  group: 'comments',
  operation: 'resolve-thread',
  method: 'POST',
  path: '/api/projects/{projectId}/threads/{threadId}/resolve',
  auth: 'person',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Resolve a thread (editor)',
  answers: { 200: threadSchema, 404: 'problem' },
  access: { role: 'editor' },
  description: 'Already resolved: the thread as it is.',
  example: { as: 'editor' },
  run: async (request) => {
    const { project, writer } = await authorizeWriter(request, 'editor');
    const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
    return jsonResponse(200, await setStatus(commentContext(request.runtime), { project, threadId, writer, status: 'resolved', linkBase: eventLinkBase(request) }));
  },
});
