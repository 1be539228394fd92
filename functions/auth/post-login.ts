import { z } from 'zod';
import { appendAudit } from '../../lib/platform/audit/audit-log';
import { createSession } from '../../lib/features/auth/session-store';
import { cookieIsSecure, sessionCookie } from '../../lib/features/auth/session-cookie';
import { signInWithPassword } from '../../lib/features/auth/sign-in';
import { toUserView } from '../../lib/features/users/user-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { passwordText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { signedInSchema } from '../../contracts/account';

// Any string is a possible e-mail here: an unknown one must answer like a wrong password.
const loginRequest = z.strictObject({
  email: z.string().min(1, 'must not be empty').max(254, 'must have at most 254 characters'),
  password: passwordText,
});

/** 200 `{user}` and the cookie; 401 alike for every failure. */
export const postLogin = defineRoute({
  group: 'auth',
  operation: 'post-login',
  method: 'POST',
  path: '/api/auth/login',
  auth: 'none',
  bodyLimitBytes: bodyLimits.signIn,
  rateLimit: 'login',
  summary: 'Sign in with e-mail and password',
  body: loginRequest,
  answers: { 200: signedInSchema },
  description: 'Sets the session cookie `svc_session`. Every failure (unknown address, wrong password, paused sign-in) answers the same 401.',
  example: { as: 'anonymous', body: { email: 'editor@contract.test', password: '{strongPassword}' } },
  run: async ({ runtime, body, client }) => {
    const input = parseBody(loginRequest, body);
    const now = runtime.now();
    const user = await signInWithPassword(runtime.db, { email: input.email, password: input.password, clientAddress: client.address }, now);
    if (!user) throw HttpProblem.unauthorized('Sign-in failed', 'The e-mail address or password is wrong, or sign-in from this address is paused for a while.');
    await appendAudit(runtime.db, { workspaceId: null, actor: `user:${user.id}`, action: 'auth.sign-in', detail: { method: 'password' }, at: now });
    const session = await createSession(runtime.db, user.id, now);
    return {
      ...jsonResponse(200, { user: toUserView(user) }),
      cookies: [sessionCookie(session.sessionId, session.expiresAt, now, cookieIsSecure(runtime.config.secureCookies, client))],
    };
  },
});
