import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { revokeAgentToken as markRevoked } from '../../lib/auth/agent-token-store';
import { actorOf } from '../../lib/auth/caller';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { appendAudit } from '../../lib/audit/audit-log';

/** DELETE W/agent-tokens/{tokenId} (owner, person): 204; the token stops working at once. */
export const revokeAgentToken: Operation = async ({ runtime, caller, pathParameters }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  const tokenId = pathUuid(pathParameters.tokenId, 'Agent token');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const now = runtime.now();
  if (!(await markRevoked(runtime.db, workspaceId, tokenId, now))) throw HttpProblem.notFound('Agent token not found');
  await appendAudit(runtime.db, { workspaceId, actor: actorOf(caller), action: 'agent-token.revoke', detail: { tokenId }, at: now });
  return noContentResponse();
};
