import type { ClientInfo } from '../../platform/http/api-types';

export const sessionCookieName = 'svc_session';

/**
 * Secure on every response when `Svc__SecureCookies` is true; otherwise only
 * for requests that came over HTTPS (part 2 "Authentication").
 */
export function cookieIsSecure(secureCookies: boolean, client: ClientInfo): boolean {
  return secureCookies || client.scheme === 'https';
}

/** A Set-Cookie value as the service sets every cookie: HttpOnly, SameSite=Lax, Secure as asked; Max-Age 0 removes it. */
export function cookieHeader(name: string, value: string, options: { path: string; maxAgeSeconds: number; secure: boolean }): string {
  return `${name}=${value}; Path=${options.path}; Max-Age=${options.maxAgeSeconds}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value of a new session. */
export function sessionCookie(sessionId: string, expiresAt: Date, now: Date, secure: boolean): string {
  const maxAgeSeconds = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return cookieHeader(sessionCookieName, sessionId, { path: '/', maxAgeSeconds, secure });
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return cookieHeader(sessionCookieName, '', { path: '/', maxAgeSeconds: 0, secure });
}
