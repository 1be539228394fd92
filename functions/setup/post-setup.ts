import { z } from 'zod';
import { runFirstRunSetup } from '../../lib/features/auth/first-run-setup';
import { cookieIsSecure, sessionCookie } from '../../lib/features/auth/session-cookie';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName, emailAddress, passwordText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { setupAnswerSchema } from '../../contracts/account';

const setupRequest = z.strictObject({
  setupToken: z.string().min(1, 'must not be empty').max(512),
  email: emailAddress,
  password: passwordText,
  name: displayName(100),
});

/** 201 `{user, workspace}` and the session cookie. */
export const postSetup = defineRoute({
  group: 'setup',
  operation: 'post-setup',
  method: 'POST',
  path: '/api/setup',
  auth: 'none',
  bodyLimitBytes: bodyLimits.signIn,
  rateLimit: 'setup',
  summary: 'Create the instance administrator and the Default workspace',
  body: setupRequest,
  answers: { 201: setupAnswerSchema, 403: 'problem', 409: 'problem' },
  description: 'Sets the session cookie `svc_session`. 403 for a wrong setup code, 409 once the instance has an account.',
  example: {
    as: 'anonymous',
    body: { setupToken: 'not-the-code', email: 'second@contract.test', password: '{strongPassword}', name: 'Second' },
    status: 409,
    why: 'the fixture world ran setup already',
  },
  run: async ({ runtime, body, client }) => {
    const input = parseBody(setupRequest, body);
    const result = await runFirstRunSetup(runtime, input);
    const now = runtime.now();
    return {
      ...jsonResponse(201, { user: result.user, workspace: result.workspace }),
      cookies: [sessionCookie(result.session.sessionId, result.session.expiresAt, now, cookieIsSecure(runtime.config.secureCookies, client))],
    };
  },
});
