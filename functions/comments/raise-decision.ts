import { decisionSchema } from '../../contracts/comments';
import { raiseDecision } from '../../lib/features/comments/thread-outcomes';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';
import { decisionRequest } from './comment-inputs';

/** 201 the decision on the thread's target; it supersedes the one in force there. */
export const raiseThreadDecision = defineRoute({
  group: 'comments',
  operation: 'raise-decision',
  method: 'POST',
  path: '/api/projects/{projectId}/threads/{threadId}/raise-decision',
  auth: 'person',
  summary: "Record a decision on the thread's target; a later one supersedes it (editor)",
  body: decisionRequest,
  answers: { 201: decisionSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  description: "A decision on the thread's target, in the thread's line; it supersedes the one in force there (`supersedes`), which gets `supersededBy`. Decisions are append-only.",
  example: { as: 'editor', body: { title: 'Checkout owns payments', decision: 'Orders only records the payment reference.' } },
  run: async (request) => {
    const { project, writer } = await authorizeWriter(request, 'editor');
    const threadId = pathUuid(request.pathParameters.threadId, 'Thread');
    const body = parseBody(decisionRequest, request.body);
    return jsonResponse(201, await raiseDecision(commentContext(request.runtime), { project, threadId, writer, title: body.title, decision: body.decision }));
  },
});
