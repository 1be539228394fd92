import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { hashPassword } from './password';
import { createSession, resolveSession } from './session-store';
import { signInWithPassword } from './sign-in';
import { signInThrottlePolicy } from './sign-in-throttle';

/**
 * Password sign-in against a real database with an injected clock (the `now`
 * argument). Five wrong passwords lock the account for five minutes (part 2
 * "Authentication"), counted per client address (docs/sign-in.md): the
 * guesser is held, the owner at another address is not.
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
  const attacker = '203.0.113.66';
  const owner = '198.51.100.10';

  beforeAll(async () => {
    database = await createTestDatabase();
    passwordHash = await hashPassword(password);
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(async () => {
    await database.db.deleteFrom('users').execute();
    await database.db.deleteFrom('audit_log').execute();
    const row = await database.db
      .insertInto('users')
      .values({ email, name: 'Grace', password_hash: passwordHash, created_at: t0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = row.id;
  });

  const signIn = (pw: string, now: Date, from = attacker, who = email) => signInWithPassword(database.db, { email: who, password: pw, clientAddress: from }, now);
  const wrong = async (n: number, now: Date, from = attacker) => {
    for (let i = 0; i < n; i++) expect(await signIn(`Wrong${i}Password`, now, from)).toBeNull();
  };
  const lockEntries = () => database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sign-in-lock').orderBy('id').execute();

  it('the right password signs in; the e-mail address matches without case', async () => {
    expect((await signIn(password, t0))?.id).toBe(userId);
    expect((await signIn(password, t0, owner, 'GRACE@Example.TEST'))?.id).toBe(userId);
  });

  it('an unknown account and a wrong password both fail', async () => {
    expect(await signIn(password, t0, attacker, 'nobody@example.test')).toBeNull();
    expect(await signIn(`${password}x`, t0)).toBeNull();
    expect(await signIn(password.toLowerCase(), t0)).toBeNull();
  });

  it('an e-mail address PostgreSQL cannot hold (NUL) is an unknown account, not a failure', async () => {
    expect(await signIn(password, t0, attacker, `${email}\u0000`)).toBeNull();
    expect(await signIn(password, t0, attacker, '\u0000')).toBeNull();
    expect((await signIn(password, t0))?.id).toBe(userId);
  });

  it('four wrong passwords from one address do not lock; the fifth locks that address, even for the right password', async () => {
    await wrong(4, at(0));
    expect((await signIn(password, at(1000)))?.id).toBe(userId);

    await wrong(5, at(2000));
    expect(await signIn(password, at(2001))).toBeNull();
    expect(await signIn(password, at(2000 + minutes(4)))).toBeNull();
    expect(await signIn(password, at(2000 + minutes(5) - 1))).toBeNull();
  });

  it('an attacker failing at one address does not stop the owner signing in from another', async () => {
    await wrong(5, at(0));
    expect(await signIn(password, at(1000))).toBeNull();
    expect((await signIn(password, at(1000), owner))?.id).toBe(userId);
    // The attacker keeps going; the owner still gets in, and their success frees nothing for the attacker.
    await wrong(3, at(2000));
    expect((await signIn(password, at(3000), owner))?.id).toBe(userId);
    expect(await signIn(password, at(4000))).toBeNull();
  });

  it('unlocks five minutes after the fifth failure', async () => {
    await wrong(5, at(0));
    expect(await signIn(password, at(minutes(5) - 1000))).toBeNull();
    expect((await signIn(password, at(minutes(5))))?.id).toBe(userId);
  });

  it('a success resets the failure count of that address', async () => {
    await wrong(4, at(0));
    expect((await signIn(password, at(1000)))?.id).toBe(userId);
    await wrong(4, at(2000));
    // Eight failures in all, but never five in a row: still open.
    expect((await signIn(password, at(3000)))?.id).toBe(userId);
    const rows = await database.db.selectFrom('sign_in_failures').selectAll().where('user_id', '=', userId).execute();
    expect(rows).toEqual([]);
  });

  it('an attacker who keeps failing waits longer each time: 5, then 10, then 20 minutes', async () => {
    await wrong(5, at(0));
    expect((await lockEntries()).map((e) => (e.detail as { lockedUntil: string }).lockedUntil)).toEqual([at(minutes(5)).toISOString()]);
    // After the first lock the count starts again: one wrong password does not lock, five do.
    await wrong(1, at(minutes(5)));
    await wrong(4, at(minutes(5) + 1000));
    expect(await signIn(password, at(minutes(14)))).toBeNull();
    expect((await signIn(password, at(minutes(15) + 1000)))?.id).toBe(userId);
    // The success forgot the earlier locks: the next lock is five minutes again.
    await wrong(5, at(minutes(20)));
    expect((await signIn(password, at(minutes(25))))?.id).toBe(userId);

    await wrong(5, at(minutes(30)));
    await wrong(5, at(minutes(35)));
    await wrong(5, at(minutes(45)));
    expect(await signIn(password, at(minutes(65) - 1000))).toBeNull();
    expect((await signIn(password, at(minutes(65))))?.id).toBe(userId);
    expect((await lockEntries()).map((e) => (e.detail as { lockNumber: number }).lockNumber)).toEqual([1, 2, 1, 1, 2, 3]);
  });

  it('five wrong passwords sent at the same moment lock the address once (no lost counts)', async () => {
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => signIn(`Parallel${i}Wrong`, at(0))));
    expect(results).toEqual(Array(7).fill(null));
    expect(await signIn(password, at(1000))).toBeNull();
    expect(await lockEntries()).toHaveLength(1);
  });

  it('addresses of one IPv6 /64 count together; another /64 does not', async () => {
    for (let i = 1; i <= 5; i++) expect(await signIn(`Wrong${i}Password`, at(0), `2001:db8:aa:1::${i}`)).toBeNull();
    expect(await signIn(password, at(1000), '2001:db8:aa:1:ffff::77')).toBeNull();
    expect((await signIn(password, at(1000), '2001:db8:aa:2::1'))?.id).toBe(userId);
  });

  it('a lock ends every session of the account and is written to the audit log', async () => {
    const phone = await createSession(database.db, userId, at(0));
    const laptop = await createSession(database.db, userId, at(0));
    await wrong(4, at(1000));
    expect(await resolveSession(database.db, phone.sessionId, at(1000))).not.toBeNull();
    await wrong(1, at(2000));
    expect(await resolveSession(database.db, phone.sessionId, at(2000))).toBeNull();
    expect(await resolveSession(database.db, laptop.sessionId, at(2000))).toBeNull();
    const [entry, ...others] = await lockEntries();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      workspace_id: null,
      actor: `address:${attacker}`,
      detail: { userId, client: attacker, lockNumber: 1, lockedUntil: at(2000 + minutes(5)).toISOString(), sessionsEnded: 2 },
    });
    // The owner signs in again at once from their own address.
    expect((await signIn(password, at(3000), owner))?.id).toBe(userId);
  });

  it('over the per-account ceiling each new address is locked at its first failure, yet the owner still signs in', async () => {
    // A many-address attack has already made the account's hundred failures of this hour.
    await database.db
      .insertInto('sign_in_account_failures')
      .values({ user_id: userId, window_started_at: at(0), failures: signInThrottlePolicy.accountCeiling })
      .execute();
    const before = await createSession(database.db, userId, at(0));
    await wrong(1, at(1000), '192.0.2.1');
    expect(await signIn(password, at(2000), '192.0.2.1')).toBeNull();
    // Passing the ceiling ended the sessions; the locks after it do not, so the owner can stay signed in.
    expect(await resolveSession(database.db, before.sessionId, at(2000))).toBeNull();
    const after = await createSession(database.db, userId, at(2000));
    await wrong(1, at(2000), '192.0.2.2');
    expect(await signIn(password, at(3000), '192.0.2.2')).toBeNull();
    expect(await resolveSession(database.db, after.sessionId, at(3000))).not.toBeNull();
    expect((await signIn(password, at(3000), owner))?.id).toBe(userId);
    expect((await lockEntries()).map((e) => (e.detail as { sessionsEnded: number }).sessionsEnded)).toEqual([1, 0]);
    const ceiling = await database.db.selectFrom('audit_log').select(['detail']).where('action', '=', 'auth.sign-in-ceiling').execute();
    expect(ceiling).toEqual([{ detail: { userId, failures: signInThrottlePolicy.accountCeiling + 1 } }]);

    // An hour after the window began the account counts afresh: five failures per address again.
    await wrong(4, at(minutes(61)), '192.0.2.3');
    expect((await signIn(password, at(minutes(61)), '192.0.2.3'))?.id).toBe(userId);
  });

  it('the lock belongs to one account: another account still signs in from the same address', async () => {
    await database.db.insertInto('users').values({ email: 'other@example.test', name: 'Other', password_hash: passwordHash, created_at: t0 }).execute();
    await wrong(5, at(0));
    expect(await signIn(password, at(1000))).toBeNull();
    expect((await signIn(password, at(1000), attacker, 'other@example.test'))?.email).toBe('other@example.test');
  });

  it('an account without a password (external sign-in only) never signs in with one', async () => {
    await database.db.insertInto('users').values({ email: 'ext@example.test', name: 'Ext', password_hash: null, created_at: t0 }).execute();
    expect(await signIn('', at(0), attacker, 'ext@example.test')).toBeNull();
    expect(await signIn(password, at(0), attacker, 'ext@example.test')).toBeNull();
  });
});
