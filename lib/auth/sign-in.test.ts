import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database';
import { hashPassword } from './password';
import { lockoutPolicy, signInWithPassword } from './sign-in';

/**
 * Password sign-in against a real database with an injected clock (the `now`
 * argument): five wrong passwords lock the account for five minutes (part 2
 * "Authentication"), a success resets the count.
 */
describe('signInWithPassword', () => {
  let database: TestDatabase;
  const email = 'grace@example.test';
  const password = 'Hopper1906Navy';
  let passwordHash: string;
  let userId: string;
  const t0 = new Date('2030-01-01T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const minutes = (n: number) => n * 60_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    passwordHash = await hashPassword(password);
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(async () => {
    await database.db.deleteFrom('users').execute();
    const row = await database.db
      .insertInto('users')
      .values({ email, name: 'Grace', password_hash: passwordHash, created_at: t0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = row.id;
  });

  const signIn = (pw: string, now: Date, who = email) => signInWithPassword(database.db, who, pw, now);
  const wrong = async (n: number, now: Date) => {
    for (let i = 0; i < n; i++) expect(await signIn(`Wrong${i}Password`, now)).toBeNull();
  };

  it('the right password signs in; the e-mail address matches without case', async () => {
    expect((await signIn(password, t0))?.id).toBe(userId);
    expect((await signIn(password, t0, 'GRACE@Example.TEST'))?.id).toBe(userId);
  });

  it('an unknown account and a wrong password both fail', async () => {
    expect(await signIn(password, t0, 'nobody@example.test')).toBeNull();
    expect(await signIn(`${password}x`, t0)).toBeNull();
    expect(await signIn(password.toLowerCase(), t0)).toBeNull();
  });

  it('an e-mail address PostgreSQL cannot hold (NUL) is an unknown account, not a failure', async () => {
    expect(await signIn(password, t0, `${email}\u0000`)).toBeNull();
    expect(await signIn(password, t0, '\u0000')).toBeNull();
    expect((await signIn(password, t0))?.id).toBe(userId);
  });

  it('the policy is five failures and five minutes', () => {
    expect(lockoutPolicy).toEqual({ maxFailures: 5, lockMs: 5 * 60 * 1000 });
  });

  it('four wrong passwords do not lock; the fifth does, and then the right password fails too', async () => {
    await wrong(4, at(0));
    expect((await signIn(password, at(1000)))?.id).toBe(userId);

    await wrong(5, at(2000));
    expect(await signIn(password, at(2001))).toBeNull();
    expect(await signIn(password, at(2000 + minutes(4)))).toBeNull();
    expect(await signIn(password, at(2000 + minutes(5) - 1))).toBeNull();
  });

  it('unlocks five minutes after the fifth failure', async () => {
    await wrong(5, at(0));
    expect(await signIn(password, at(minutes(5) - 1000))).toBeNull();
    expect((await signIn(password, at(minutes(5))))?.id).toBe(userId);
  });

  it('a success resets the failure count', async () => {
    await wrong(4, at(0));
    expect((await signIn(password, at(1000)))?.id).toBe(userId);
    await wrong(4, at(2000));
    // Eight failures in all, but never five in a row: still open.
    expect((await signIn(password, at(3000)))?.id).toBe(userId);
    const row = await database.db.selectFrom('users').select(['failed_login_count', 'locked_until']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.failed_login_count).toBe(0);
  });

  it('after the lock ends the count starts again: one wrong password does not lock again, five do', async () => {
    await wrong(5, at(0));
    await wrong(1, at(minutes(5) + 1000));
    expect((await signIn(password, at(minutes(5) + 2000)))?.id).toBe(userId);
    await wrong(5, at(minutes(6)));
    expect(await signIn(password, at(minutes(6) + 1000))).toBeNull();
    expect((await signIn(password, at(minutes(11))))?.id).toBe(userId);
  });

  it('five wrong passwords sent at the same moment lock the account (no lost counts)', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(`Parallel${i}Wrong`, at(0))));
    expect(results).toEqual([null, null, null, null, null]);
    expect(await signIn(password, at(1000))).toBeNull();
  });

  it('the lock belongs to one account: another account still signs in', async () => {
    await database.db.insertInto('users').values({ email: 'other@example.test', name: 'Other', password_hash: passwordHash, created_at: t0 }).execute();
    await wrong(5, at(0));
    expect(await signIn(password, at(1000))).toBeNull();
    expect((await signIn(password, at(1000), 'other@example.test'))?.email).toBe('other@example.test');
  });

  it('an account without a password (external sign-in only) never signs in with one', async () => {
    await database.db.insertInto('users').values({ email: 'ext@example.test', name: 'Ext', password_hash: null, created_at: t0 }).execute();
    expect(await signIn('', at(0), 'ext@example.test')).toBeNull();
    expect(await signIn(password, at(0), 'ext@example.test')).toBeNull();
  });
});
