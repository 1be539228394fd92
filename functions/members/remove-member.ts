import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { membershipSchema } from '../../contracts/account';
import { removeMember as deleteMember } from '../../lib/features/workspaces/member-store';

/**
 * Owner; any member may remove themself: 200 the removed membership
 * `{workspaceId,userId,role}`; 409 for the last owner.
 */
export const removeMember = defineRoute({
  group: 'members',
  operation: 'remove-member',
  method: 'DELETE',
  path: '/api/workspaces/{workspaceId}/members/{memberUserId}',
  auth: 'person',
  summary: 'Remove a member, or leave the workspace; the last owner stays (owner, or self)',
  answers: { 200: membershipSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'owner', note: 'Any member may remove themself (leave); the last owner stays (409).' },
  example: { params: { memberUserId: '{doomedMemberUserId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    const self = (pathParameters.memberUserId ?? '').toLowerCase() === caller.userId.toLowerCase();
    await authorizeWorkspace(runtime.db, caller, workspaceId, self ? 'viewer' : 'owner');
    const userId = pathUuid(pathParameters.memberUserId, 'Member');
    const membership = await deleteMember(runtime.db, { workspaceId, userId, actor: actorOf(caller), now: runtime.now(), ...(self ? {} : { ownerUserId: caller.userId }) });
    return jsonResponse(200, membership);
  },
});
