import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { invitationSchema } from '../../contracts/account';
import { revokeInvitation as markRevoked } from '../../lib/features/workspaces/invitation-store';

/** 200 the invitation, status `revoked`; its secret stops working. */
export const revokeInvitation = defineRoute({
  group: 'members',
  operation: 'revoke-invitation',
  method: 'DELETE',
  path: '/api/workspaces/{workspaceId}/invitations/{invitationId}',
  auth: 'person',
  summary: 'Revoke an invitation at once (owner)',
  answers: { 200: invitationSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'owner' },
  example: { params: { invitationId: '{doomedInvitationId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const invitationId = pathUuid(pathParameters.invitationId, 'Invitation');
    return jsonResponse(200, await markRevoked(runtime.db, workspaceId, invitationId, actorOf(caller), runtime.now()));
  },
});
