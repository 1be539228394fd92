import type { ClientInfo } from '../http/api-types';

export const sessionCookieName = 'svc_session';

/**
 * Secure on every response when `Svc__SecureCookies` is true; otherwise only
 * for requests that came over HTTPS (part 2 "Authentication").
 */
export function cookieIsSecure(secureCookies: boolean, client: ClientInfo): boolean {
  return secureCookies || client.scheme === 'https';
}

/** The Set-Cookie value of a new session. */
export function sessionCookie(sessionId: string, expiresAt: Date, now: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return `${sessionCookieName}=${sessionId}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return `${sessionCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
