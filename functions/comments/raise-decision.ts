import { raiseDecision } from '../../lib/comments/thread-outcomes';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';
import { decisionRequest } from './comment-inputs';

/** POST P/threads/{threadId}/raise-decision (editor): 201 the decision on the thread's target; it supersedes the one in force there. */
export const raiseThreadDecision: Operation = async (request) => {
  const { project, writer } = await authorizeWriter(request, 'editor');
  const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
  const body = parseBody(decisionRequest, request.body);
  return jsonResponse(201, await raiseDecision(commentContext(request.runtime), { project, threadId, writer, title: body.title, decision: body.decision }));
};
