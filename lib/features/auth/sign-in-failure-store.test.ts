import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { countAccountFailure, loadClientFailures, pruneSignInFailures, saveClientFailures } from './sign-in-failure-store';
import { signInThrottlePolicy } from './sign-in-throttle';

/** The stored sign-in counts in the real database with an injected clock (docs/sign-in.md). */
describe('sign-in failure store', () => {
  let database: TestDatabase;
  let userId: string;
  const t0 = new Date('2030-01-01T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const hour = 3600_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    const row = await database.db.insertInto('users').values({ email: 'store@example.test', name: 'Store', password_hash: 'x', created_at: t0 }).returning('id').executeTakeFirstOrThrow();
    userId = row.id;
  });

  afterAll(async () => {
    await database?.drop();
  });

  const countAt = (now: Date) => database.db.transaction().execute((trx) => countAccountFailure(trx, userId, now));

  it('counts an account\'s failures within an hour from its first, then starts a new window', async () => {
    expect(await countAt(at(0))).toBe(1);
    expect(await countAt(at(1000))).toBe(2);
    expect(await countAt(at(hour - 1))).toBe(3);
    expect(await countAt(at(hour))).toBe(1);
    expect(await countAt(at(hour + 1000))).toBe(2);
  });

  it('counts failures sent at the same moment exactly', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countAt(at(10 * hour))));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('pruning deletes clients quiet for a day and ended account windows, and keeps the rest', async () => {
    const start = at(100 * hour);
    await database.db.deleteFrom('sign_in_account_failures').execute();
    await saveClientFailures(database.db, userId, '192.0.2.10', { failures: 3, locks: 0, lockedUntil: null, lastFailureAt: start });
    await saveClientFailures(database.db, userId, '192.0.2.11', { failures: 0, locks: 2, lockedUntil: new Date(start.getTime() + 10 * 60_000), lastFailureAt: new Date(start.getTime() + 20 * hour) });
    await countAt(start);

    expect(await pruneSignInFailures(database.db, new Date(start.getTime() + hour - 1))).toBe(0);
    expect(await pruneSignInFailures(database.db, new Date(start.getTime() + hour))).toBe(1);
    expect(await database.db.selectFrom('sign_in_account_failures').selectAll().execute()).toEqual([]);

    const dayLater = new Date(start.getTime() + signInThrottlePolicy.forgetAfterMs);
    expect(await pruneSignInFailures(database.db, dayLater)).toBe(1);
    expect(await loadClientFailures(database.db, userId, '192.0.2.10')).toBeUndefined();
    expect(await loadClientFailures(database.db, userId, '192.0.2.11')).toMatchObject({ locks: 2 });
  });
});
