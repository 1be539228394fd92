import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { membershipSchema } from '../../contracts/account';
import { changeMemberRole as updateRole } from '../../lib/features/workspaces/member-store';
import { workspaceRole } from './member-inputs';

/** ChangeMemberRoleRequest. */
const changeMemberRoleRequest = z.strictObject({ role: workspaceRole });

/** 200 membership `{workspaceId,userId,role}`; 409 for the last owner. */
export const changeMemberRole = defineRoute({
  group: 'members',
  operation: 'change-member-role',
  method: 'PATCH',
  path: '/api/workspaces/{workspaceId}/members/{memberUserId}',
  auth: 'person',
  summary: 'Change the role of a member; the last owner stays (owner)',
  body: changeMemberRoleRequest,
  answers: { 200: membershipSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'owner', note: 'The last owner keeps the role (409).' },
  example: { params: { memberUserId: '{spareMemberUserId}' }, body: { role: 'viewer' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const userId = pathUuid(pathParameters.memberUserId, 'Member');
    const input = parseBody(changeMemberRoleRequest, body);
    const membership = await updateRole(runtime.db, { workspaceId, userId, role: input.role, actor: actorOf(caller), now: runtime.now(), ownerUserId: caller.userId });
    return jsonResponse(200, membership);
  },
});
