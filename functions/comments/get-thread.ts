import { threadSchema } from '../../contracts/comments';
import { getThread } from '../../lib/features/comments/threads';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { authorizeReader } from './comment-access';

/** A read token may read it too. */
export const getCommentThread = defineRoute({
  group: 'comments',
  operation: 'get-thread',
  method: 'GET',
  path: '/api/projects/{projectId}/threads/{threadId}',
  auth: 'signed-in',
  summary: 'A thread with every comment in order, tombstones in place, its question and decisions (viewer)',
  answers: { 200: threadSchema, 404: 'problem' },
  access: { role: 'viewer' },
  description: 'Every comment in order, tombstones in place, the question and the decisions raised from the thread.',
  example: { as: 'readToken' },
  run: async (request) => {
    const project = await authorizeReader(request);
    return jsonResponse(200, await getThread(request.runtime.db, project.id, pathUuid(request.pathParameters.threadId, 'Thread')));
  },
});
