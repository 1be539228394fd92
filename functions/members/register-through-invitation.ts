import { passwordProblem } from '../../lib/features/auth/first-run-setup';
import { hashPassword } from '../../lib/features/auth/password';
import { createSession } from '../../lib/features/auth/session-store';
import { cookieIsSecure, sessionCookie } from '../../lib/features/auth/session-cookie';
import { toUserView } from '../../lib/features/users/user-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName, passwordText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { registeredThroughInvitationSchema } from '../../contracts/account';
import { registerThroughInvitation as register } from '../../lib/features/workspaces/invitation-store';
import { invitationSecretRequest } from './member-inputs';

const invitedAccountRequest = invitationSecretRequest.extend({
  password: passwordText,
  name: displayName(100),
});

/**
 * With `{secret, password, name}`: 201 `{user, membership}` and a session. The
 * account gets the invited e-mail address; self-registration need not be open,
 * since the invitation is the owner's consent.
 */
export const registerThroughInvitation = defineRoute({
  group: 'members',
  operation: 'register-through-invitation',
  method: 'POST',
  path: '/api/invitations/{invitationId}/register',
  auth: 'none',
  bodyLimitBytes: bodyLimits.signIn,
  rateLimit: 'register',
  summary: 'Create the account of the invited e-mail address with the invitation secret and join the workspace, whatever the self-registration policy',
  body: invitedAccountRequest,
  answers: { 201: registeredThroughInvitationSchema, 403: 'problem', 404: 'problem', 409: 'problem' },
  description: 'Creates the account of the invited address whatever the self-registration policy, and sets the session cookie.',
  example: { as: 'anonymous', params: { invitationId: '{newcomerInvitationId}' }, body: { secret: '{newcomerInvitationSecret}', password: '{strongPassword}', name: 'Newcomer' } },
  run: async ({ runtime, pathParameters, body, client }) => {
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
  },
});
