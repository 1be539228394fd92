import { z } from 'zod';
import { runFirstRunSetup } from '../../lib/auth/first-run-setup';
import { cookieIsSecure, sessionCookie } from '../../lib/auth/session-cookie';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { displayName, emailAddress, passwordText } from '../../lib/http/common-schemas';
import { parseBody } from '../../lib/http/parse-input';

export const setupRequest = z.strictObject({
  setupToken: z.string().min(1, 'must not be empty').max(512),
  email: emailAddress,
  password: passwordText,
  name: displayName(100),
});

/** POST /api/setup: 201 `{user, workspace}` and the session cookie. */
export const postSetup: Operation = async ({ runtime, body, client }) => {
  const input = parseBody(setupRequest, body);
  const result = await runFirstRunSetup(runtime, input);
  const now = runtime.now();
  return {
    ...jsonResponse(201, { user: result.user, workspace: result.workspace }),
    cookies: [sessionCookie(result.session.sessionId, result.session.expiresAt, now, cookieIsSecure(runtime.config.secureCookies, client))],
  };
};
