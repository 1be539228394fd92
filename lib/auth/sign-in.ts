import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { dummyPasswordHash, verifyPassword } from './password';
import { findUserByEmail } from './user-store';

/** Five wrong passwords lock an account for five minutes (part 2 "Authentication"). */
export const lockoutPolicy = Object.freeze({ maxFailures: 5, lockMs: 5 * 60 * 1000 });

/**
 * Checks a password sign-in. Unknown account, wrong password and locked
 * account all answer null after one password hash, so they look and take
 * alike. The fifth failure in a row locks the account.
 */
export async function signInWithPassword(db: Kysely<Database>, email: string, password: string, now: Date): Promise<Selectable<UsersTable> | null> {
  const user = await findUserByEmail(db, email);
  const locked = user?.locked_until != null && user.locked_until.getTime() > now.getTime();
  const storedHash = user?.password_hash && !locked ? user.password_hash : await dummyPasswordHash();
  const matches = await verifyPassword(password, storedHash);
  if (!user?.password_hash || locked) return null;
  if (!matches) {
    const lockUntil = new Date(now.getTime() + lockoutPolicy.lockMs);
    await db
      .updateTable('users')
      .set({
        failed_login_count: sql`case when failed_login_count + 1 >= ${lockoutPolicy.maxFailures} then 0 else failed_login_count + 1 end`,
        locked_until: sql`case when failed_login_count + 1 >= ${lockoutPolicy.maxFailures} then ${lockUntil}::timestamptz else locked_until end`,
      })
      .where('id', '=', user.id)
      .execute();
    return null;
  }
  if (user.failed_login_count > 0 || user.locked_until !== null) {
    await db.updateTable('users').set({ failed_login_count: 0, locked_until: null }).where('id', '=', user.id).execute();
  }
  return user;
}
