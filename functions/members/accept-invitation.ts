import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { membershipSchema } from '../../contracts/account';
import { acceptInvitation as accept } from '../../lib/features/workspaces/invitation-store';
import { invitationSecretBody, parseSecretBody } from './member-inputs';

/**
 * With null or `{secret}`: 200 membership `{workspaceId,userId,role}`. The
 * caller must be the person invited and a secret sent must match (403
 * otherwise); 404 unknown; 409 not open.
 */
export const acceptInvitation = defineRoute({
  group: 'members',
  operation: 'accept-invitation',
  method: 'POST',
  path: '/api/invitations/{invitationId}/accept',
  auth: 'person',
  summary: 'Accept an invitation (as the person invited; a secret sent must match); the caller becomes a member',
  body: invitationSecretBody,
  answers: { 200: membershipSchema, 403: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'any', note: 'The person invited; a secret sent must match.' },
  example: { as: 'invitee', params: { invitationId: '{invitationToAcceptId}' }, body: { secret: '{invitationToAcceptSecret}' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const invitationId = pathUuid(pathParameters.invitationId, 'Invitation');
    const secret = parseSecretBody(body);
    const membership = await accept(runtime.db, { invitationId, caller: { userId: caller.userId, email: caller.email }, secret, actor: actorOf(caller), now: runtime.now() });
    return jsonResponse(200, membership);
  },
});
