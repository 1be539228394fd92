import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { resolveAgentToken } from './agent-token-store';
import type { Caller } from '../../platform/http/caller';
import { bearerTokenOf, type Credentials } from '../../platform/http/credentials';
import { sessionCookieName } from './session-cookie';
import { resolveSession } from './session-store';

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
