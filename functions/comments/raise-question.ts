import { questionSchema } from '../../contracts/comments';
import { raiseQuestion } from '../../lib/features/comments/thread-outcomes';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';

/** A person's act: an agent token cannot raise a question. */
export const raiseThreadQuestion = defineRoute({
  group: 'comments',
  operation: 'raise-question',
  method: 'POST',
  path: '/api/projects/{projectId}/threads/{threadId}/raise-question',
  auth: 'person',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Turn a thread into a question record; 200 when it is one, 201 when new (viewer)',
  answers: { 201: questionSchema, 200: questionSchema, 404: 'problem' },
  access: { role: 'viewer' },
  description: "201 the new question record; 200 the one the thread already has. The question's status is the thread's.",
  example: { as: 'viewer', status: 201 },
  run: async (request) => {
    const { project, writer } = await authorizeWriter(request, 'viewer');
    const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
    const answer = await raiseQuestion(commentContext(request.runtime), { project, threadId, writer });
    return jsonResponse(answer.created ? 201 : 200, answer.question);
  },
});
