import { endSession } from '../../lib/auth/session-store';
import { clearedSessionCookie, cookieIsSecure } from '../../lib/auth/session-cookie';
import { noContentResponse, type Operation } from '../../lib/http/api-types';

/** POST /api/auth/logout: 204; the session ends and the cookie is cleared (also when there was none). */
export const postLogout: Operation = async ({ runtime, caller, client }) => {
  if (caller?.kind === 'person') await endSession(runtime.db, caller.sessionIdHash);
  return { ...noContentResponse(), cookies: [clearedSessionCookie(cookieIsSecure(runtime.config.secureCookies, client))] };
};
