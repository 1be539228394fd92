import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { explainModel } from '../../lib/ai/explain/explain-model';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { explainRequest } from './ai-inputs';

/**
 * POST P/ai/explain (viewer, or an agent token with `read`): 200 the explain delta, or 200 the AI
 * unavailable answer; 400 for a bad body, 404 for an unknown project, branch or target, 409 when
 * privacy refuses or a trace event's run changed, 429 past the provider's requestsPerMinute.
 * Asking writes only the call record (docs/ai.md "Explain").
 */
export const explain: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const request = parseBody(explainRequest, body);
  const answer = await explainModel(runtime, { workspaceId: project.workspaceId, projectId: project.id, actor: actorOf(caller), ...request });
  return jsonResponse(200, answer);
};
