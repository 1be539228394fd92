import { appendAudit } from '../../lib/platform/audit/audit-log';
import { completeExternalSignIn, externalStateCookie, externalStateCookieName } from '../../lib/features/auth/external-sign-in';
import { createSession } from '../../lib/features/auth/session-store';
import { cookieIsSecure, sessionCookie } from '../../lib/features/auth/session-cookie';
import { toUserView } from '../../lib/features/users/user-store';
import { jsonResponse, type ApiRequest, type ApiResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { problemOf } from '../../lib/platform/http/service-error-problem';
import { readInstancePolicy } from '../../lib/features/settings/instance-policy';
import { signedInSchema } from '../../contracts/account';

/** A browser's navigation asks for HTML first; a script calling the API asks for JSON (or anything). */
function isPageNavigation(accept: string | undefined): boolean {
  return accept !== undefined && /^\s*text\/html\b/i.test(accept);
}

/** Back to the web client: its start page signed in, or its sign-in page saying why not (docs/web-client.md). */
function backToClient(location: string, cookies: string[] = []): ApiResponse {
  return { status: 303, headers: { location, 'cache-control': 'no-store' }, cookies };
}

/** The sign-in itself: 200 `{user}` with the session cookie, the state cookie cleared. */
async function completeSignIn({ runtime, cookies, client }: ApiRequest): Promise<ApiResponse> {
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
}

/**
 * Signs in as POST /api/auth/login does (200 `{user}` and the session cookie),
 * creating the account when part 2 allows; 400, 403 or 409 with the reason
 * otherwise. A browser navigating here (Accept: text/html first) is sent on to
 * the web client instead: 303 to `/` with the session cookie, or to
 * `/sign-in?externalError=` with the reason.
 */
export const getExternalComplete = defineRoute({
  group: 'auth',
  operation: 'get-external-complete',
  method: 'GET',
  path: '/api/auth/external/complete',
  auth: 'none',
  rateLimit: 'externalComplete',
  summary: 'Complete an external sign-in: sign in, or create the account when allowed',
  answers: { 200: signedInSchema, 303: 'empty', 400: 'problem', 403: 'problem', 409: 'problem' },
  description: 'Signs in as the login does (sets the session cookie). A browser navigation (`Accept: text/html` first) gets 303 to the web client instead.',
  example: { as: 'anonymous', status: 400, why: 'no sign-in was started' },
  run: async (request) => {
    if (!isPageNavigation(request.headers.accept)) return completeSignIn(request);
    try {
      const answer = await completeSignIn(request);
      return backToClient('/', answer.cookies);
    } catch (error) {
      const problem = problemOf(error);
      if (!problem) throw error;
      const secure = cookieIsSecure(request.runtime.config.secureCookies, request.client);
      const reason = problem.detail ? `${problem.title}. ${problem.detail}` : problem.title;
      return backToClient(`/sign-in?externalError=${encodeURIComponent(reason)}`, [externalStateCookie(null, secure)]);
    }
  },
});
