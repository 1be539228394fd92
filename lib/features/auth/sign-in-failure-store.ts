import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { signInThrottlePolicy, type ClientFailureState } from './sign-in-throttle';

type Db = Kysely<Database> | Transaction<Database>;

/** The stored failures of one account from one client key; `forUpdate` holds the row until the transaction ends. */
export async function loadClientFailures(db: Db, userId: string, clientKey: string, forUpdate = false): Promise<ClientFailureState | undefined> {
  let query = db
    .selectFrom('sign_in_failures')
    .select(['failures', 'locks', 'locked_until', 'last_failure_at'])
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && { failures: row.failures, locks: row.locks, lockedUntil: row.locked_until, lastFailureAt: row.last_failure_at };
}

export async function saveClientFailures(db: Db, userId: string, clientKey: string, state: ClientFailureState): Promise<void> {
  const values = { failures: state.failures, locks: state.locks, locked_until: state.lockedUntil, last_failure_at: state.lastFailureAt };
  await db
    .insertInto('sign_in_failures')
    .values({ user_id: userId, client_key: clientKey, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'client_key']).doUpdateSet(values))
    .execute();
}

/** A success from the client forgets its failures and earlier locks. */
export async function clearClientFailures(db: Db, userId: string, clientKey: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('user_id', '=', userId).where('client_key', '=', clientKey).execute();
}

/**
 * Counts one failure of the account from any client and returns the count of
 * the current window (a fixed window from its first failure). The upsert
 * locks the account's row until the transaction ends, so the failures of one
 * account are decided one at a time, on every instance.
 */
export async function countAccountFailure(trx: Transaction<Database>, userId: string, now: Date): Promise<number> {
  const windowCutoff = new Date(now.getTime() - signInThrottlePolicy.accountWindowMs);
  const row = await trx
    .insertInto('sign_in_account_failures')
    .values({ user_id: userId, window_started_at: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        window_started_at: sql`case when sign_in_account_failures.window_started_at <= ${windowCutoff} then ${now}::timestamptz else sign_in_account_failures.window_started_at end`,
        failures: sql`case when sign_in_account_failures.window_started_at <= ${windowCutoff} then 1 else sign_in_account_failures.failures + 1 end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** Deletes counts that no longer matter (forgotten clients, ended windows); run by the worker's schedule. */
export async function pruneSignInFailures(db: Db, now: Date): Promise<number> {
  const forgotten = new Date(now.getTime() - signInThrottlePolicy.forgetAfterMs);
  const windowCutoff = new Date(now.getTime() - signInThrottlePolicy.accountWindowMs);
  const clients = await db
    .deleteFrom('sign_in_failures')
    .where('last_failure_at', '<=', forgotten)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  const accounts = await db.deleteFrom('sign_in_account_failures').where('window_started_at', '<=', windowCutoff).executeTakeFirst();
  return Number(clients.numDeletedRows) + Number(accounts.numDeletedRows);
}
