import { z } from 'zod';
import { appendAudit } from '../../lib/platform/audit/audit-log';
import { passwordProblem, isSetupRequired } from '../../lib/features/auth/first-run-setup';
import { hashPassword } from '../../lib/features/auth/password';
import { createSession } from '../../lib/features/auth/session-store';
import { cookieIsSecure, sessionCookie } from '../../lib/features/auth/session-cookie';
import { insertUser, toUserView } from '../../lib/features/users/user-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName, emailAddress, passwordText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { readInstancePolicy } from '../../lib/features/settings/instance-policy';
import { signedInSchema } from '../../contracts/account';

const registerRequest = z.strictObject({
  email: emailAddress,
  password: passwordText,
  name: displayName(100),
});

/**
 * 201 `{user}` and a session when the policy allows self-registration; 403
 * when it does not, or before first-run setup (the first account is only made
 * by setup).
 */
export const postRegister = defineRoute({
  group: 'auth',
  operation: 'post-register',
  method: 'POST',
  path: '/api/auth/register',
  auth: 'none',
  bodyLimitBytes: bodyLimits.signIn,
  rateLimit: 'register',
  summary: 'Create an account when the policy allows self-registration',
  body: registerRequest,
  answers: { 201: signedInSchema, 403: 'problem', 409: 'problem' },
  description: 'Sets the session cookie. 403 when the policy does not allow self-registration; 409 when the address has an account.',
  example: { as: 'anonymous', body: { email: 'self@contract.test', password: '{strongPassword}', name: 'Self' }, status: 403, why: 'self-registration is closed by default' },
  run: async ({ runtime, body, client }) => {
    const input = parseBody(registerRequest, body);
    const policy = await readInstancePolicy(runtime.db, runtime.config.profile);
    if (!policy.allowSelfRegistration) throw HttpProblem.forbidden('Registration is closed', 'Ask an owner of a workspace for an invitation, or the administrator for an account.');
    if (await isSetupRequired(runtime)) throw HttpProblem.forbidden('Setup first', 'The first account is created by first-run setup.');
    const weak = passwordProblem(input.password);
    if (weak) throw weak;
    const now = runtime.now();
    const user = await insertUser(runtime.db, { email: input.email, name: input.name, passwordHash: await hashPassword(input.password), isInstanceAdmin: false }, now);
    if (!user) throw HttpProblem.conflict('E-mail address in use', 'An account with this e-mail address exists; sign in instead.', [{ field: 'email', message: 'is in use' }]);
    await appendAudit(runtime.db, { workspaceId: null, actor: `user:${user.id}`, action: 'auth.register', detail: { method: 'password' }, at: now });
    const session = await createSession(runtime.db, user.id, now);
    return {
      ...jsonResponse(201, { user: toUserView(user) }),
      cookies: [sessionCookie(session.sessionId, session.expiresAt, now, cookieIsSecure(runtime.config.secureCookies, client))],
    };
  },
});
