import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { invitationSchema } from '../../contracts/account';
import { declineInvitation as decline } from '../../lib/features/workspaces/invitation-store';
import { invitationSecretBody, parseSecretBody } from './member-inputs';

/**
 * With null or `{secret}`: 200 the invitation, status `declined`. Only the
 * person invited (a secret, when sent, must match): 403 otherwise; 404
 * unknown; 409 not open.
 */
export const declineInvitation = defineRoute({
  group: 'members',
  operation: 'decline-invitation',
  method: 'POST',
  path: '/api/invitations/{invitationId}/decline',
  auth: 'person',
  summary: 'Decline an invitation addressed to the caller',
  body: invitationSecretBody,
  answers: { 200: invitationSchema, 403: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'any', note: 'The person invited.' },
  example: { as: 'invitee', params: { invitationId: '{invitationToDeclineId}' }, body: null },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const invitationId = pathUuid(pathParameters.invitationId, 'Invitation');
    const secret = parseSecretBody(body);
    const invitation = await decline(runtime.db, { invitationId, caller: { userId: caller.userId, email: caller.email }, secret, actor: actorOf(caller), now: runtime.now() });
    return jsonResponse(200, invitation);
  },
});
