import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { generateSecret, hashSecret } from '../../platform/crypto/secret-token';
import type { PersonCaller } from '../../platform/http/caller';

/** A session lasts this long after its last use (docs/decisions.md). */
export const sessionIdleLifetimeMs = 14 * 24 * 3600 * 1000;
/** The expiry moves at most this often, so reads do not write on every request. */
const slideEveryMs = 3600 * 1000;

/** Starts a session; the returned ID goes into the cookie and is stored only as a hash. */
export async function createSession(db: Kysely<Database>, userId: string, now: Date): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = generateSecret('');
  const expiresAt = new Date(now.getTime() + sessionIdleLifetimeMs);
  await db.insertInto('sessions').values({ id_hash: hashSecret(sessionId), user_id: userId, created_at: now, last_seen_at: now, expires_at: expiresAt }).execute();
  return { sessionId, expiresAt };
}

/** The person behind a session cookie value, or null when it is unknown or expired. */
export async function resolveSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<PersonCaller | null> {
  if (sessionId.length < 20 || sessionId.length > 100) return null;
  const idHash = hashSecret(sessionId);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.name', 'users.is_instance_admin', 'sessions.last_seen_at', 'sessions.expires_at'])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.last_seen_at.getTime() > slideEveryMs) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: new Date(now.getTime() + sessionIdleLifetimeMs) })
      .where('id_hash', '=', idHash)
      .execute();
  }
  return { kind: 'person', userId: row.id, email: row.email, name: row.name, isInstanceAdmin: row.is_instance_admin, sessionIdHash: idHash };
}

/** Ends one session (sign-out). */
export async function endSession(db: Kysely<Database>, sessionIdHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', sessionIdHash).execute();
}

/** Removes sessions that expired; run by the worker's schedule. */
export async function pruneExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of a person (sign out everywhere; a sign-in lock); returns how many ended. */
export async function endSessionsOfUser(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
