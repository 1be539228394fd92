import { explainAnswerSchema } from '../../contracts/ai';
import { explainModel } from '../../lib/features/ai/explain/explain-model';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { explainRequest } from './ai-inputs';

/** Asking writes only the call record (docs/ai.md "Explain"). */
export const explain = defineRoute({
  group: 'ai',
  operation: 'explain',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/explain',
  auth: 'signed-in',
  tokenScope: 'read',
  summary: 'Explain an element, relationship, scenario, trace event or the model with the explain provider; 200 explain delta or AI unavailable (viewer)',
  body: explainRequest,
  answers: {
    200: {
      contentType: 'application/json',
      schema: explainAnswerSchema,
      description: 'The explain delta (`status` `answered`: AI output, never part of the model), or the AI unavailable answer (`status` `unavailable`).',
    },
    400: 'problem',
    404: 'problem',
    409: 'problem',
    429: 'problem',
  },
  access: { role: 'viewer' },
  description:
    'Asks the provider `ai.taskRouting.explain` names about a record, a trace event of a scenario run, or (target null) the whole model; only the call record is written. ' +
    '404 for an unknown branch or target (or a sequence the run does not have); 409 `private_code_refused`, or `conflict` on `target.runHash` when the run changed; 429 `rate_limited` past the provider\'s `requestsPerMinute`.',
  // No provider is configured in the fixture workspace: the AI unavailable answer.
  example: { as: 'readToken', body: { target: { kind: 'element', id: '{model_orders}' }, question: 'What does it do?', branchId: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const request = parseBody(explainRequest, body);
    const answer = await explainModel(runtime, { workspaceId: project.workspaceId, projectId: project.id, actor: actorOf(caller), ...request });
    return jsonResponse(200, answer);
  },
});
