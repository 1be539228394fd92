import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { resolveAgentToken } from './agent-token-store';
import type { Caller } from './caller';
import { sessionCookieName } from './session-cookie';
import { resolveSession } from './session-store';

/** What a request carries that can identify its caller. */
export interface Credentials {
  authorization: string | undefined;
  cookies: Readonly<Record<string, string>>;
}

/** The bearer credential of an Authorization header, if any. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m?.[1];
}

/**
 * The caller: an agent token when a bearer credential is sent (a bearer that
 * is not a valid token is no credential at all), else the session cookie.
 */
export async function resolveCaller(db: Kysely<Database>, credentials: Credentials, now: Date): Promise<Caller | null> {
  const bearer = bearerTokenOf(credentials.authorization);
  if (bearer !== undefined) return resolveAgentToken(db, bearer, now);
  const sessionId = credentials.cookies[sessionCookieName];
  if (sessionId) return resolveSession(db, sessionId, now);
  return null;
}
