import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { removeMember as deleteMember } from '../../lib/workspaces/member-store';

/**
 * DELETE W/members/{memberUserId} (owner; any member may remove themself):
 * 200 the removed membership `{workspaceId,userId,role}`; 409 for the last owner.
 */
export const removeMember: Operation = async ({ runtime, caller, pathParameters }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  const self = (pathParameters.memberUserId ?? '').toLowerCase() === caller.userId.toLowerCase();
  await authorizeWorkspace(runtime.db, caller, workspaceId, self ? 'viewer' : 'owner');
  const userId = pathUuid(pathParameters.memberUserId, 'Member');
  const membership = await deleteMember(runtime.db, { workspaceId, userId, actor: actorOf(caller), now: runtime.now(), ...(self ? {} : { ownerUserId: caller.userId }) });
  return jsonResponse(200, membership);
};
