import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { invitationSchema } from '../../contracts/account';
import { lookUpInvitation as findInvitation } from '../../lib/features/workspaces/invitation-store';
import { invitationSecretBody, parseSecretBody } from './member-inputs';

/** With null or `{secret}`: 200 the invitation when the secret matches or it is addressed to the caller; 404 otherwise. */
export const lookUpInvitation = defineRoute({
  group: 'members',
  operation: 'look-up-invitation',
  method: 'POST',
  path: '/api/invitations/{invitationId}',
  auth: 'person',
  summary: 'Look up one invitation by its secret or as the person invited',
  body: invitationSecretBody,
  answers: { 200: invitationSchema, 404: 'problem' },
  access: { role: 'any', note: 'The person invited, or whoever holds the secret.' },
  example: { as: 'invitee', params: { invitationId: '{invitationToDeclineId}' }, body: null },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const invitationId = pathUuid(pathParameters.invitationId, 'Invitation');
    const secret = parseSecretBody(body);
    return jsonResponse(200, await findInvitation(runtime.db, invitationId, { email: caller.email }, secret, runtime.now()));
  },
});
