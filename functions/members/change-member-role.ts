import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { changeMemberRole as updateRole } from '../../lib/workspaces/member-store';
import { workspaceRole } from './member-inputs';

/** ChangeMemberRoleRequest. */
export const changeMemberRoleRequest = z.strictObject({ role: workspaceRole });

/** PATCH W/members/{memberUserId} (owner): 200 membership `{workspaceId,userId,role}`; 409 for the last owner. */
export const changeMemberRole: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const userId = pathUuid(pathParameters.memberUserId, 'Member');
  const input = parseBody(changeMemberRoleRequest, body);
  const membership = await updateRole(runtime.db, { workspaceId, userId, role: input.role, actor: actorOf(caller), now: runtime.now(), ownerUserId: caller.userId });
  return jsonResponse(200, membership);
};
