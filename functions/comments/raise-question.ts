import { raiseQuestion } from '../../lib/comments/thread-outcomes';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';

/** POST P/threads/{threadId}/raise-question (viewer, a person): 201 the new question record; 200 the one the thread already has. */
export const raiseThreadQuestion: Operation = async (request) => {
  const { project, writer } = await authorizeWriter(request, 'viewer');
  const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
  const answer = await raiseQuestion(commentContext(request.runtime), { project, threadId, writer });
  return jsonResponse(answer.created ? 201 : 200, answer.question);
};
