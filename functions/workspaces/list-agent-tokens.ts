import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { listAgentTokens as listTokens } from '../../lib/auth/agent-token-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';

/** GET W/agent-tokens (owner): 200 `{items}`; never a secret. */
export const listAgentTokens: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  return jsonResponse(200, { items: await listTokens(runtime.db, workspaceId) });
};
