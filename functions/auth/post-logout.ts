import { z } from 'zod';
import { appendAudit } from '../../lib/audit/audit-log';
import { endSession, endSessionsOfUser } from '../../lib/auth/session-store';
import { clearedSessionCookie, cookieIsSecure } from '../../lib/auth/session-cookie';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';

export const logoutQuery = z.strictObject({
  all: z.enum(['true', 'false'], 'must be "true" or "false"').optional().describe('true: end every session of the account, not only this one'),
});

/**
 * POST /api/auth/logout: 204; the session ends and the cookie is cleared (also
 * when there was none). With `?all=true` ("sign out everywhere") every session
 * of the account ends; that needs the person's session: 401 without one, 403
 * for an agent token.
 */
export const postLogout: Operation = async ({ runtime, caller, client, query }) => {
  const { all } = parseQuery(logoutQuery, query);
  if (all === 'true') {
    if (!caller) throw HttpProblem.unauthorized('Sign-in required', 'Signing out everywhere needs a session of the account.');
    if (caller.kind !== 'person') throw HttpProblem.forbidden('Signed in as a person required', 'An agent token has no sessions to end.');
    const now = runtime.now();
    const sessionsEnded = await endSessionsOfUser(runtime.db, caller.userId);
    await appendAudit(runtime.db, { workspaceId: null, actor: `user:${caller.userId}`, action: 'auth.sign-out-everywhere', detail: { sessionsEnded }, at: now });
  } else if (caller?.kind === 'person') {
    await endSession(runtime.db, caller.sessionIdHash);
  }
  return { ...noContentResponse(), cookies: [clearedSessionCookie(cookieIsSecure(runtime.config.secureCookies, client))] };
};
