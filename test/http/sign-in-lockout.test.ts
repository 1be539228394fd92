import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { attributeValue, call, expectProblem, insertPerson, readSetupCode, sessionCookieOf, strongPassword, type CallOptions, type HttpAnswer } from '../support/http-client';

/**
 * Sign-in lockout and sessions as an attacker and a victim see them, over
 * HTTP against the built server (docs/sign-in.md). The server trusts
 * 127.0.0.1 as a proxy, so each request names its client address in
 * X-Forwarded-For: the attacker guesses from one address, the victim signs in
 * from others.
 */
describe('sign-in lockout and sessions', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  const admin = { email: 'admin@example.test', name: 'Admin', password: strongPassword };
  let adminSession: string;
  let addressCounter = 0;
  /** A client address no other request used. */
  const freshAddress = () => `198.18.7.${++addressCounter}`;

  const api = (method: string, path: string, from: string, options: CallOptions = {}) =>
    call(service.url, method, path, { ...options, headers: { 'x-forwarded-for': from, ...(options.headers ?? {}) } });
  const login = (person: { email: string; password: string }, from: string) => api('POST', '/api/auth/login', from, { json: { email: person.email, password: person.password } });
  const me = (session: string) => api('GET', '/api/auth/me', freshAddress(), { session });

  async function sessionOf(person: { email: string; password: string }, from = freshAddress()): Promise<string> {
    const answer = await login(person, from);
    expect(answer.status, answer.text).toBe(200);
    return sessionCookieOf(answer).value;
  }

  /** Five wrong passwords from one address: each answered 401. */
  async function guessFiveTimes(victim: { email: string }, from: string): Promise<HttpAnswer[]> {
    const answers: HttpAnswer[] = [];
    for (let i = 0; i < 5; i++) answers.push(await login({ email: victim.email, password: `Guess-${i}-Wrong` }, from));
    for (const answer of answers) expectProblem(answer, 401);
    return answers;
  }

  /** The instance audit entries of one action, newest first. */
  async function auditEntries(action: string): Promise<{ actor: string; detail: Record<string, unknown>; at: string }[]> {
    const answer = await api('GET', '/api/instance/audit?limit=200', freshAddress(), { session: adminSession });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.items.filter((e: { action: string }) => e.action === action);
  }

  /**
   * Lets `minutes` pass for the sign-in counts of an address: every stored
   * time moves back, and the address's per-minute request window (which the
   * clock would have emptied) is forgotten.
   */
  async function letTimePass(address: string, minutes: number): Promise<void> {
    const shift = `${minutes} minutes`;
    await sql`update sign_in_failures set locked_until = locked_until - ${shift}::interval, last_failure_at = last_failure_at - ${shift}::interval where client_key = ${address}`.execute(database.db);
    await database.db.deleteFrom('rate_limit_log').where('bucket', '=', `login:${address}`).execute();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__TrustedProxies: '127.0.0.1' });
    const setup = await api('POST', '/api/setup', freshAddress(), { json: { setupToken: await readSetupCode(service.dataDirectory), ...admin } });
    expect(setup.status, setup.text).toBe(201);
    adminSession = sessionCookieOf(setup).value;
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('an attacker failing at address A does not stop the victim signing in from address B', async () => {
    const victim = { email: 'victim-a@example.test', name: 'Victim', password: 'Victim-Pass-01' };
    await insertPerson(database.db, victim);
    const attacker = freshAddress();
    const [firstWrong] = await guessFiveTimes(victim, attacker);

    // At A even the right password is refused now, with the very answer of a wrong one.
    const rightAtA = await login(victim, attacker);
    expect(expectProblem(rightAtA, 401)).toEqual(expectProblem(firstWrong!, 401));
    expect(rightAtA.setCookies).toEqual([]);

    // The victim at B gets in, and again while A keeps guessing.
    const fromB = freshAddress();
    expect((await login(victim, fromB)).status).toBe(200);
    expectProblem(await login({ email: victim.email, password: 'Guess-5-Wrong' }, attacker), 401);
    expect((await login(victim, fromB)).status).toBe(200);
    expect((await login(victim, freshAddress())).status).toBe(200);
    expectProblem(await login(victim, attacker), 401);
  });

  it('the attacker at A waits longer after each lock: 5 minutes, then 10, then 20; the audit log names the address', async () => {
    const victim = { email: 'victim-b@example.test', name: 'Victim B', password: 'Victim-Pass-02' };
    await insertPerson(database.db, victim);
    const attacker = freshAddress();
    const lockLengths: number[] = [];
    for (let round = 0; round < 3; round++) {
      await guessFiveTimes(victim, attacker);
      const [newest] = await auditEntries('auth.sign-in-lock');
      expect(newest!.actor).toBe(`address:${attacker}`);
      expect(newest!.detail).toMatchObject({ client: attacker, lockNumber: round + 1 });
      lockLengths.push(Math.round((Date.parse(newest!.detail.lockedUntil as string) - Date.parse(newest!.at)) / 60_000));
      // Four minutes later the right password is still refused at A.
      await letTimePass(attacker, 4);
      expectProblem(await login(victim, attacker), 401);
      await letTimePass(attacker, lockLengths.at(-1)! - 4);
    }
    expect(lockLengths).toEqual([5, 10, 20]);
    // Once the third lock is over, the right password from A signs in and forgets A's failures.
    expect((await login(victim, attacker)).status).toBe(200);
    expect(await database.db.selectFrom('sign_in_failures').select('client_key').where('client_key', '=', attacker).execute()).toEqual([]);
  });

  it('a lock ends the victim\'s sessions: their old cookies answer 401, and they sign in again from their own address', async () => {
    const victim = { email: 'victim-c@example.test', name: 'Victim C', password: 'Victim-Pass-03' };
    await insertPerson(database.db, victim);
    const laptop = await sessionOf(victim);
    const phone = await sessionOf(victim);
    expect((await me(laptop)).status).toBe(200);
    const bystander = await sessionOf(admin);

    await guessFiveTimes(victim, freshAddress());
    expectProblem(await me(laptop), 401);
    expectProblem(await me(phone), 401);
    // Another account's session is untouched.
    expect((await me(bystander)).status).toBe(200);
    const [lock] = await auditEntries('auth.sign-in-lock');
    expect(lock!.detail).toMatchObject({ sessionsEnded: 2 });

    const again = await sessionOf(victim);
    expect((await me(again)).status).toBe(200);
  });

  it('POST /api/auth/logout?all=true ends every session of the account; a plain logout ends only its own', async () => {
    const person = { email: 'many-devices@example.test', name: 'Many Devices', password: 'Many-Devices-04' };
    await insertPerson(database.db, person);
    const [first, second, third, fourth] = [await sessionOf(person), await sessionOf(person), await sessionOf(person), await sessionOf(person)];
    const bystander = await sessionOf(admin);

    const plain = await api('POST', '/api/auth/logout', freshAddress(), { session: first! });
    expect(plain.status).toBe(204);
    expectProblem(await me(first!), 401);
    expect((await me(second!)).status).toBe(200);

    const everywhere = await api('POST', '/api/auth/logout?all=true', freshAddress(), { session: second! });
    expect(everywhere.status, everywhere.text).toBe(204);
    const cleared = sessionCookieOf(everywhere);
    expect(cleared.value).toBe('');
    expect(attributeValue(cleared, 'Max-Age')).toBe('0');
    for (const old of [second!, third!, fourth!]) expectProblem(await me(old), 401);
    expect((await me(bystander)).status).toBe(200);

    const [entry] = await auditEntries('auth.sign-out-everywhere');
    expect(entry).toMatchObject({ actor: expect.stringMatching(/^user:/), detail: { sessionsEnded: 3 } });
    // Signing in again works as before.
    expect((await me(await sessionOf(person))).status).toBe(200);
  });

  it('sign out everywhere needs a session (401 with none or an ended one); `all` takes only true or false', async () => {
    const person = { email: 'careful@example.test', name: 'Careful', password: 'Careful-Pass-05' };
    await insertPerson(database.db, person);
    const session = await sessionOf(person);

    expectProblem(await api('POST', '/api/auth/logout?all=true', freshAddress()), 401);
    expectProblem(await api('POST', '/api/auth/logout?all=true', freshAddress(), { session: 'x'.repeat(43) }), 401);
    const bad = expectProblem(await api('POST', '/api/auth/logout?all=yes', freshAddress(), { session }), 400, 'validation_error');
    expect(bad.errors.map((e) => e.field)).toEqual(['all']);
    expect((await me(session)).status).toBe(200);

    // all=false is a plain logout.
    expect((await api('POST', '/api/auth/logout?all=false', freshAddress(), { session })).status).toBe(204);
    expectProblem(await me(session), 401);
  });
});
