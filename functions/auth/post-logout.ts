import { z } from 'zod';
import { appendAudit } from '../../lib/platform/audit/audit-log';
import { endSession, endSessionsOfUser } from '../../lib/features/auth/session-store';
import { clearedSessionCookie, cookieIsSecure } from '../../lib/features/auth/session-cookie';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { bodyLimits } from '../../lib/platform/http/route-definition';

const logoutQuery = z.strictObject({
  all: z.enum(['true', 'false'], 'must be "true" or "false"').optional().describe('true: end every session of the account, not only this one'),
});

/**
 * The session ends and the cookie is cleared (also when there was none). With
 * `?all=true` ("sign out everywhere") every session of the account ends; that
 * needs the person's session: 401 without one, 403 for an agent token.
 */
export const postLogout = defineRoute({
  group: 'auth',
  operation: 'post-logout',
  method: 'POST',
  path: '/api/auth/logout',
  auth: 'none',
  bodyLimitBytes: bodyLimits.signIn,
  summary: 'End the session; with ?all=true every session of the account (sign out everywhere)',
  query: logoutQuery,
  answers: { 204: 'empty' },
  description: 'Clears the session cookie, also when there was no session.',
  example: { as: 'anonymous' },
  run: async ({ runtime, caller, client, query }) => {
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
  },
});
