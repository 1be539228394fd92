import { passwordProblem } from '../../lib/auth/first-run-setup';
import { hashPassword } from '../../lib/auth/password';
import { createSession } from '../../lib/auth/session-store';
import { cookieIsSecure, sessionCookie } from '../../lib/auth/session-cookie';
import { toUserView } from '../../lib/auth/user-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { displayName, passwordText } from '../../lib/http/common-schemas';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { registerThroughInvitation as register } from '../../lib/workspaces/invitation-store';
import { invitationSecretRequest } from './member-inputs';

export const invitedAccountRequest = invitationSecretRequest.extend({
  password: passwordText,
  name: displayName(100),
});

/**
 * POST /api/invitations/{invitationId}/register with `{secret, password, name}`:
 * 201 `{user, membership}` and a session. The account gets the invited e-mail
 * address; self-registration need not be open, since the invitation is the
 * owner's consent.
 */
export const registerThroughInvitation: Operation = async ({ runtime, pathParameters, body, client }) => {
  const invitationId = pathUuid(pathParameters.invitationId, 'Invitation');
  const input = parseBody(invitedAccountRequest, body);
  const weak = passwordProblem(input.password);
  if (weak) throw weak;
  const now = runtime.now();
  const { user, membership } = await register(runtime.db, { invitationId, secret: input.secret, name: input.name, passwordHash: await hashPassword(input.password), now });
  const session = await createSession(runtime.db, user.id, now);
  return {
    ...jsonResponse(201, { user: toUserView(user), membership }),
    cookies: [sessionCookie(session.sessionId, session.expiresAt, now, cookieIsSecure(runtime.config.secureCookies, client))],
  };
};
