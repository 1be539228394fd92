import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { revokeInvitation as markRevoked } from '../../lib/workspaces/invitation-store';

/** DELETE W/invitations/{invitationId} (owner): 200 the invitation, status `revoked`; its secret stops working. */
export const revokeInvitation: Operation = async ({ runtime, caller, pathParameters }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const invitationId = pathUuid(pathParameters.invitationId, 'Invitation');
  return jsonResponse(200, await markRevoked(runtime.db, workspaceId, invitationId, actorOf(caller), runtime.now()));
};
