import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { listAgentTokens as listTokens } from '../../lib/features/auth/agent-token-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { agentTokenList } from '../../contracts/account';

/** 200 `{items}`; never a secret. */
export const listAgentTokens = defineRoute({
  group: 'workspaces',
  operation: 'list-agent-tokens',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/agent-tokens',
  auth: 'person',
  summary: 'Agent tokens of a workspace, never their secrets (owner)',
  answers: { 200: agentTokenList },
  access: { role: 'owner' },
  example: {},
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    return jsonResponse(200, { items: await listTokens(runtime.db, workspaceId) });
  },
});
