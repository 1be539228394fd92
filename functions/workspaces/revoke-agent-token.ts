import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { revokeAgentToken as markRevoked } from '../../lib/features/auth/agent-token-store';
import { actorOf } from '../../lib/platform/http/caller';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { appendAudit } from '../../lib/platform/audit/audit-log';

/** The token stops working at once. */
export const revokeAgentToken = defineRoute({
  group: 'workspaces',
  operation: 'revoke-agent-token',
  method: 'DELETE',
  path: '/api/workspaces/{workspaceId}/agent-tokens/{tokenId}',
  auth: 'person',
  summary: 'Revoke an agent token at once (owner)',
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'owner' },
  example: { params: { tokenId: '{doomedTokenId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    const tokenId = pathUuid(pathParameters.tokenId, 'Agent token');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const now = runtime.now();
    if (!(await markRevoked(runtime.db, workspaceId, tokenId, now))) throw HttpProblem.notFound('Agent token not found');
    await appendAudit(runtime.db, { workspaceId, actor: actorOf(caller), action: 'agent-token.revoke', detail: { tokenId }, at: now });
    return noContentResponse();
  },
});
