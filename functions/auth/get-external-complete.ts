import { appendAudit } from '../../lib/audit/audit-log';
import { completeExternalSignIn, externalStateCookie, externalStateCookieName } from '../../lib/auth/external-sign-in';
import { createSession } from '../../lib/auth/session-store';
import { cookieIsSecure, sessionCookie } from '../../lib/auth/session-cookie';
import { toUserView } from '../../lib/auth/user-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { readInstancePolicy } from '../../lib/settings/instance-policy';

/**
 * GET /api/auth/external/complete: signs in as POST /api/auth/login does
 * (200 `{user}` and the session cookie), creating the account when part 2
 * allows; 400, 403 or 409 with the reason otherwise.
 */
export const getExternalComplete: Operation = async ({ runtime, cookies, client }) => {
  const now = runtime.now();
  const policy = await readInstancePolicy(runtime.db, runtime.config.profile);
  const { user, provider, created } = await completeExternalSignIn(runtime.db, { cookieState: cookies[externalStateCookieName], now, registrationAllowed: policy.allowSelfRegistration });
  await appendAudit(runtime.db, { workspaceId: null, actor: `user:${user.id}`, action: created ? 'auth.register' : 'auth.sign-in', detail: { method: provider }, at: now });
  const session = await createSession(runtime.db, user.id, now);
  const secure = cookieIsSecure(runtime.config.secureCookies, client);
  return {
    ...jsonResponse(200, { user: toUserView(user) }),
    cookies: [sessionCookie(session.sessionId, session.expiresAt, now, secure), externalStateCookie(null, secure)],
  };
};
