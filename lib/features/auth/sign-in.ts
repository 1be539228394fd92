import type { Kysely, Selectable } from 'kysely';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Database, UsersTable } from '../../platform/db/schema';
import { dummyPasswordHash, verifyPassword } from './password';
import { endSessionsOfUser } from './session-store';
import { signInClientKey } from './sign-in-client-key';
import { clearClientFailures, countAccountFailure, loadClientFailures, saveClientFailures } from './sign-in-failure-store';
import { isClientLocked, signInThrottlePolicy, stateAfterFailure } from './sign-in-throttle';
import { findUserByEmail } from '../users/user-store';

export interface PasswordSignIn {
  email: string;
  password: string;
  /** The client address (lib/platform/http/client-info.ts): failures are counted per account and client. */
  clientAddress: string;
}

/**
 * Checks a password sign-in (docs/sign-in.md). Unknown account, wrong
 * password and an account locked for this client all answer null after one
 * password hash, so they look and take alike. Five failures in a row from one
 * client lock the account for that client only; another client with the right
 * password still signs in.
 */
export async function signInWithPassword(db: Kysely<Database>, input: PasswordSignIn, now: Date): Promise<Selectable<UsersTable> | null> {
  const user = await findUserByEmail(db, input.email);
  const clientKey = signInClientKey(input.clientAddress);
  const previous = user?.password_hash ? await loadClientFailures(db, user.id, clientKey) : undefined;
  const locked = isClientLocked(previous, now);
  const storedHash = user?.password_hash && !locked ? user.password_hash : await dummyPasswordHash();
  const matches = await verifyPassword(input.password, storedHash);
  if (!user?.password_hash || locked) return null;
  if (!matches) {
    await recordFailure(db, user.id, clientKey, input.clientAddress, now);
    return null;
  }
  if (previous) await clearClientFailures(db, user.id, clientKey);
  return user;
}

/**
 * Counts a wrong password. A failure that locks ends every session of the
 * account (a lock says someone is guessing; whoever holds a session signs in
 * again from their own address) and is written to the audit log, as is the
 * failure that takes the account over its ceiling. Once the account is over
 * its ceiling every failure locks its client; ending the sessions at each of
 * them would keep the owner from staying signed in for the rest of the hour,
 * so there only the failure that passes the ceiling ends them.
 */
async function recordFailure(db: Kysely<Database>, userId: string, clientKey: string, clientAddress: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const accountFailures = await countAccountFailure(trx, userId, now);
    const previous = await loadClientFailures(trx, userId, clientKey, true);
    const outcome = stateAfterFailure(previous, accountFailures, now);
    if (outcome.state !== previous) await saveClientFailures(trx, userId, clientKey, outcome.state);
    const actor = `address:${clientAddress}`;
    if (outcome.lock) {
      const overCeilingBefore = accountFailures > signInThrottlePolicy.accountCeiling + 1;
      const sessionsEnded = overCeilingBefore ? 0 : await endSessionsOfUser(trx, userId);
      await appendAudit(trx, {
        workspaceId: null,
        actor,
        action: 'auth.sign-in-lock',
        detail: { userId, client: clientKey, lockNumber: outcome.lock.number, lockedUntil: outcome.lock.until.toISOString(), sessionsEnded },
        at: now,
      });
    }
    if (accountFailures === signInThrottlePolicy.accountCeiling + 1) {
      await appendAudit(trx, { workspaceId: null, actor, action: 'auth.sign-in-ceiling', detail: { userId, failures: accountFailures }, at: now });
    }
  });
}
