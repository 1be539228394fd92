import { threadSchema } from '../../contracts/comments';
import { createThread } from '../../lib/features/comments/threads';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { eventLinkBase } from '../../lib/platform/http/event-link-base';
import { parseBody } from '../../lib/platform/http/parse-input';
import { authorizeWriter, commentContext } from './comment-access';
import { threadRequest } from './comment-inputs';

/** A person's words: an agent token cannot open a thread. */
export const createCommentThread = defineRoute({
  group: 'comments',
  operation: 'create-thread',
  method: 'POST',
  path: '/api/projects/{projectId}/threads',
  auth: 'person',
  summary: 'Open a thread on a target with its first comment; 200 when the id exists, 201 when new (viewer)',
  body: threadRequest,
  answers: { 201: threadSchema, 200: threadSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'viewer' },
  description:
    "201 the new thread with its first comment; 200 the thread `id` already names in this project (nothing written); 409 on `id` when another project's thread has it. 400 on `target.id` when the target is not in the thread's line (main or `draftId`), on `draftId` when it names no draft, on `mentions[i]` for someone who is not a member of the workspace.",
  example: { as: 'viewer', body: { target: { kind: 'element', id: '{model_orders}' }, body: 'Should **orders** own the payment step?', mentions: ['editor@contract.test'] }, status: 201 },
  run: async (request) => {
    const { project, writer } = await authorizeWriter(request, 'viewer');
    const body = parseBody(threadRequest, request.body);
    const answer = await createThread(commentContext(request.runtime), { project, writer, request: body, linkBase: eventLinkBase(request) });
    return jsonResponse(answer.created ? 201 : 200, answer.thread);
  },
});
