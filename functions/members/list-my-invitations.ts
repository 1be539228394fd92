import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { invitationList } from '../../contracts/account';
import { listOpenInvitationsForEmail } from '../../lib/features/workspaces/invitation-store';

/** The open, unexpired invitations of the caller's e-mail address; no secrets. */
export const listMyInvitations = defineRoute({
  group: 'members',
  operation: 'list-my-invitations',
  method: 'GET',
  path: '/api/invitations',
  auth: 'person',
  summary: 'Open invitations addressed to the caller',
  answers: { 200: invitationList },
  access: { role: 'any', note: 'The open invitations addressed to the caller.' },
  example: { as: 'invitee' },
  run: async ({ runtime, caller }) => jsonResponse(200, { items: await listOpenInvitationsForEmail(runtime.db, caller.email, runtime.now()) }),
});
