import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { listOpenInvitationsForEmail } from '../../lib/workspaces/invitation-store';

/** GET /api/invitations: 200 `{items}` the open, unexpired invitations of the caller's e-mail address; no secrets. */
export const listMyInvitations: Operation = async ({ runtime, caller }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  return jsonResponse(200, { items: await listOpenInvitationsForEmail(runtime.db, caller.email, runtime.now()) });
};
