import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import {
  call,
  expectProblem,
  hasAttribute,
  insertPerson,
  median,
  rawRequest,
  readSetupCode,
  sessionCookieOf,
  strongPassword,
  type CallOptions,
  type HttpAnswer,
} from '../support/http-client';

/**
 * Security properties of the identity layer and the HTTP edge, black-box over
 * HTTP against the built server (local profile).
 *
 * Server A trusts 127.0.0.1 as a proxy, so each test gives its calls client
 * addresses of their own through X-Forwarded-For and the sign-in rate limits
 * (10 per address per minute, stored in the database) do not interfere.
 * Server B trusts no proxy; it has its own database and is used only where
 * the forwarded headers must be ignored.
 */

const admin = { email: 'admin@example.test', name: 'Admin', password: strongPassword };
const bob = { email: 'bob@example.test', name: 'Bob', password: 'Bobs-Secret-42' };
const eve = { email: 'eve@example.test', name: 'Eve Editor', password: 'Eve-Edits-77' };
const vic = { email: 'vic@example.test', name: 'Vic Viewer', password: 'Vic-Views-88' };
const wendy = { email: 'wendy@example.test', name: 'Wendy', password: 'Wendy-Wrong-31' };
const larry = { email: 'larry@example.test', name: 'Larry Locked', password: 'Larry-Locks-64' };

/** Every secret the file hands the service; none may show up in its log. */
const secrets = {
  passwords: [admin, bob, eve, vic, wendy, larry].map((p) => p.password),
  tokens: [] as string[],
  sessions: [] as string[],
};

let addressCounter = 0;
/** A client address no other call used (TEST-NET / benchmarking ranges). */
function freshAddress(): string {
  addressCounter++;
  return `198.18.${addressCounter >> 8}.${addressCounter & 255}`;
}

describe('identity and HTTP edge security', () => {
  let databaseA: TestDatabase;
  let databaseB: TestDatabase;
  let a: ServiceProcess;
  let b: ServiceProcess;
  /** Local profile with Svc__SecureCookies=true. */
  let c: ServiceProcess;
  let databaseC: TestDatabase;
  const operatorToken = 'operator-setup-token-0123456789';

  let setupCode: string;
  let adminSession: string;
  let bobSession: string;
  let defaultWorkspaceId: string;
  let bobWorkspaceId: string;
  let adminProjectId: string;
  let bobProjectId: string;
  let adminToken: { id: string; token: string };
  /** The account first-run setup made on server B. */
  let adminOfB: { email: string; password: string };

  /** A call to server A from a client address of its own unless `x-forwarded-for` is given. */
  const onA = (method: string, path: string, options: CallOptions = {}) =>
    call(a.url, method, path, { ...options, headers: { 'x-forwarded-for': freshAddress(), ...(options.headers ?? {}) } });

  async function login(person: { email: string; password: string }, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    const answer = await onA('POST', '/api/auth/login', { json: { email: person.email, password: person.password }, headers });
    if (answer.status === 200) secrets.sessions.push(sessionCookieOf(answer).value);
    return answer;
  }

  async function sessionOf(person: { email: string; password: string }): Promise<string> {
    const answer = await login(person);
    expect(answer.status, answer.text).toBe(200);
    return sessionCookieOf(answer).value;
  }

  beforeAll(async () => {
    [databaseA, databaseB, databaseC] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
    [a, b, c] = await Promise.all([
      startServiceProcess({ ConnectionStrings__DefaultConnection: databaseA.url, Svc__TrustedProxies: '127.0.0.1' }),
      startServiceProcess({ ConnectionStrings__DefaultConnection: databaseB.url, Svc__SetupToken: operatorToken }),
      startServiceProcess({ ConnectionStrings__DefaultConnection: databaseC.url, Svc__SetupToken: operatorToken, Svc__SecureCookies: 'true' }),
    ]);

    setupCode = await readSetupCode(a.dataDirectory);
    const setup = await onA('POST', '/api/setup', { json: { setupToken: setupCode, ...admin } });
    expect(setup.status, setup.text).toBe(201);
    adminSession = sessionCookieOf(setup).value;
    secrets.sessions.push(adminSession);
    defaultWorkspaceId = setup.json.workspace.id;

    await insertPerson(databaseA.db, bob);
    await insertPerson(databaseA.db, eve, [{ workspaceId: defaultWorkspaceId, role: 'editor' }]);
    await insertPerson(databaseA.db, vic, [{ workspaceId: defaultWorkspaceId, role: 'viewer' }]);
    await insertPerson(databaseA.db, wendy);
    await insertPerson(databaseA.db, larry);

    bobSession = await sessionOf(bob);
    const bobWorkspace = await onA('POST', '/api/workspaces', { session: bobSession, json: { name: 'Bob space' } });
    expect(bobWorkspace.status).toBe(201);
    bobWorkspaceId = bobWorkspace.json.id;
    const bobProject = await onA('POST', `/api/workspaces/${bobWorkspaceId}/projects`, { session: bobSession, json: { name: 'Bob project' } });
    expect(bobProject.status).toBe(201);
    bobProjectId = bobProject.json.id;
    const adminProject = await onA('POST', `/api/workspaces/${defaultWorkspaceId}/projects`, { session: adminSession, json: { name: 'Admin project', description: 'x' } });
    expect(adminProject.status).toBe(201);
    adminProjectId = adminProject.json.id;

    const token = await onA('POST', `/api/workspaces/${defaultWorkspaceId}/agent-tokens`, {
      session: adminSession,
      json: { name: 'all scopes', scopes: ['read', 'push'], projectId: null, expiresAt: null },
    });
    expect(token.status, token.text).toBe(201);
    adminToken = { id: token.json.id, token: token.json.token };
    secrets.tokens.push(adminToken.token);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
    await Promise.all([databaseA?.drop(), databaseB?.drop(), databaseC?.drop()]);
  });

  describe('first-run setup with Svc__SetupToken (server B)', () => {
    it('needs the operator token: no setup code is made or logged', async () => {
      const status = await call(b.url, 'GET', '/api/setup/status');
      expect(status.json).toEqual({ requiresSetup: true, requiresSetupToken: true, setupTokenHint: 'operator', allowSelfRegistration: false, externalSignIn: [] });
      await expect(readSetupCode(b.dataDirectory)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(b.output()).not.toContain('SVC SETUP CODE:');

      const wrong = await call(b.url, 'POST', '/api/setup', { json: { setupToken: `${operatorToken}x`, ...admin } });
      expect(wrong.status).toBeGreaterThanOrEqual(400);
      expect(wrong.status).toBeLessThan(500);
      expectProblem(wrong, wrong.status);
      expect(await databaseB.db.selectFrom('users').select('id').execute()).toEqual([]);
    });

    it('of three setups sent at once exactly one succeeds; the others answer 409', async () => {
      const people = [1, 2, 3].map((i) => ({ email: `first${i}@example.test`, name: `First ${i}`, password: admin.password }));
      const answers = await Promise.all(people.map((p) => call(b.url, 'POST', '/api/setup', { json: { setupToken: operatorToken, ...p } })));
      const statuses = answers.map((x) => x.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      for (const loser of answers.filter((x) => x.status === 409)) expectProblem(loser, 409, 'conflict');
      const winner = answers.find((x) => x.status === 201)!;
      secrets.sessions.push(sessionCookieOf(winner).value);
      adminOfB = { email: winner.json.user.email, password: admin.password };

      const users = await databaseB.db.selectFrom('users').select(['email', 'is_instance_admin']).execute();
      expect(users).toEqual([{ email: adminOfB.email, is_instance_admin: true }]);
      const workspaces = await databaseB.db.selectFrom('workspaces').select('name').execute();
      expect(workspaces).toEqual([{ name: 'Default' }]);
    });
  });

  describe('sign-in failures look and take alike', () => {
    it('wrong password, unknown account and locked account (even with the right password) give the same 401 body in similar time', async () => {
      // Lock Larry for one address: five wrong passwords from it (docs/sign-in.md).
      const guesser = freshAddress();
      for (let i = 0; i < 5; i++) expectProblem(await login({ email: larry.email, password: `Not-Larry-${i}9` }, { 'x-forwarded-for': guesser }), 401);
      expectProblem(await login(larry, { 'x-forwarded-for': guesser }), 401);
      /** From the locked address; its per-minute request window is emptied first so only the lock answers. */
      const fromGuesser = async (person: { email: string; password: string }) => {
        await databaseA.db.deleteFrom('rate_limit_log').where('bucket', '=', `login:${guesser}`).execute();
        return login(person, { 'x-forwarded-for': guesser });
      };

      const cases: Record<string, () => Promise<HttpAnswer>> = {
        // Each call from a new address, so Wendy is never locked and this stays the wrong-password path.
        wrongPassword: () => login({ email: wendy.email, password: 'Wendy-Wrong-00' }),
        unknownAccount: () => login({ email: 'nobody-here@example.test', password: 'Nobody-Home-12' }),
        lockedWrongPassword: () => fromGuesser({ email: larry.email, password: 'Not-Larry-x9' }),
        lockedRightPassword: () => fromGuesser(larry),
      };
      const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
      const bodies = new Set<string>();
      const contentTypes = new Set<string | null>();
      // One warm-up round, then measured rounds in a rotating order.
      const names = Object.keys(cases);
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < names.length; i++) {
          const name = names[(i + round) % names.length]!;
          const started = performance.now();
          const answer = await cases[name]!();
          const elapsed = performance.now() - started;
          expectProblem(answer, 401);
          expect(answer.setCookies).toEqual([]);
          bodies.add(answer.text);
          contentTypes.add(answer.headers.get('content-type'));
          if (round > 0) times[name]!.push(elapsed);
        }
      }
      expect([...bodies]).toHaveLength(1);
      expect([...contentTypes]).toHaveLength(1);

      const medians = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
      for (const [name, value] of Object.entries(medians)) {
        for (const [otherName, other] of Object.entries(medians)) {
          if (name === otherName) continue;
          expect(value, `${name} ${value.toFixed(1)} ms vs ${otherName} ${other.toFixed(1)} ms; medians ${JSON.stringify(medians)}`).toBeLessThan(other * 3);
        }
      }
    }, 60_000);
  });

  describe('text PostgreSQL cannot store', () => {
    it('an e-mail address with a NUL character answers 401 like an unknown account, not 500', async () => {
      const unknown = await login({ email: 'nobody-at-all@example.test', password: admin.password });
      const body = expectProblem(unknown, 401);
      for (const email of [`${admin.email}\u0000`, '\u0000', `a\u0000${admin.email}`]) {
        const answer = await login({ email, password: admin.password });
        expect(expectProblem(answer, 401)).toEqual(body);
      }
    });

    it('a project description with a NUL character is refused with 400 naming the field, not 500', async () => {
      const created = await onA('POST', `/api/workspaces/${defaultWorkspaceId}/projects`, { session: adminSession, json: { name: 'Nul', description: 'a\u0000b' } });
      expect(expectProblem(created, 400, 'validation_error').errors.map((e) => e.field)).toContain('description');
      const patched = await onA('PATCH', `/api/projects/${adminProjectId}`, { session: adminSession, json: { description: '\u0000' } });
      expect(expectProblem(patched, 400, 'validation_error').errors.map((e) => e.field)).toContain('description');
      const names = (await databaseA.db.selectFrom('projects').select('name').execute()).map((r) => r.name);
      expect(names).not.toContain('Nul');
    });
  });

  describe('sign-in and setup rate limits (10 per client address per minute)', () => {
    it('the 11th login from one address gets 429 rate_limited with Retry-After, also with the right password', async () => {
      const refused = await (async () => {
        const address = freshAddress();
        // Guesses at an unknown account, so no lock of the admin's can be what refuses the right password.
        for (let i = 0; i < 10; i++) {
          expectProblem(await login({ email: `guess-${i}@example.test`, password: `Wrong-Guess-${i}0` }, { 'x-forwarded-for': address }), 401);
        }
        return login(admin, { 'x-forwarded-for': address });
      })();
      const body = expectProblem(refused, 429, 'rate_limited');
      expect(body.title.length).toBeGreaterThan(0);
      expect(refused.setCookies).toEqual([]);
      const retryAfter = refused.headers.get('retry-after');
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);

      // Another address is not limited.
      expect((await login(admin)).status).toBe(200);
    });

    it('the 11th POST /api/setup from one address gets 429 rate_limited with Retry-After', async () => {
      const refused = await (async () => {
        const address = freshAddress();
        for (let i = 0; i < 10; i++) {
          const answer = await onA('POST', '/api/setup', { headers: { 'x-forwarded-for': address }, json: { setupToken: 'GUESSGUESSGUESS1234', ...admin } });
          expect(answer.status).not.toBe(429);
          expectProblem(answer, answer.status);
        }
        return onA('POST', '/api/setup', { headers: { 'x-forwarded-for': address }, json: { setupToken: 'GUESSGUESSGUESS1234', ...admin } });
      })();
      expectProblem(refused, 429, 'rate_limited');
      expect(refused.headers.get('retry-after')).toMatch(/^([1-9]|[1-5][0-9]|60)$/);
    });
  });

  describe('requests without a credential', () => {
    it('share 300 per client address per minute across /api; signed-in requests and health checks do not count', async () => {
      const outcome = await (async () => {
        const headers = { 'x-forwarded-for': freshAddress() };
        const statuses: number[] = [];
        for (let batch = 0; batch < 15; batch++) {
          const answers = await Promise.all(Array.from({ length: 20 }, () => call(a.url, 'GET', '/api/setup/status', { headers })));
          statuses.push(...answers.map((x) => x.status));
        }
        return {
          statuses,
          health: await call(a.url, 'GET', '/health/live', { headers }),
          signedIn: await call(a.url, 'GET', '/api/auth/me', { session: adminSession, headers }),
          byToken: await call(a.url, 'GET', `/api/projects/${adminProjectId}`, { token: adminToken.token, headers }),
          over: await call(a.url, 'GET', '/api/setup/status', { headers }),
          badToken: await call(a.url, 'GET', '/api/auth/me', { token: 'svc_at_not-a-real-token', headers }),
        };
      })();
      expect(outcome.statuses.filter((s) => s !== 200)).toEqual([]);
      expect(outcome.statuses).toHaveLength(300);
      expect(outcome.health.status).toBe(200);
      expect(outcome.signedIn.status).toBe(200);
      expect(outcome.byToken.status).toBe(200);
      expectProblem(outcome.over, 429, 'rate_limited');
      expect(outcome.over.headers.get('retry-after')).toMatch(/^\d+$/);
      // A credential that is not valid is no credential: it counts, and is refused.
      expectProblem(outcome.badToken, 429, 'rate_limited');
    });
  });

  describe('proxy trust', () => {
    it('with Svc__TrustedProxies the client address is the LAST X-Forwarded-For entry', async () => {
      const outcome = await (async () => {
        const client = freshAddress();
        // Ten calls whose last entry is the client, each with a different first entry.
        for (let i = 0; i < 10; i++) {
          const answer = await login({ email: wendy.email, password: `Wrong-${i}-Pass` }, { 'x-forwarded-for': `10.1.2.${i}, ${client}` });
          expectProblem(answer, 401);
        }
        return {
          // Another last entry is another client: not limited.
          other: await login(admin, { 'x-forwarded-for': freshAddress() }),
          otherAfterClient: await login(admin, { 'x-forwarded-for': `${client}, ${freshAddress()}` }),
          // The eleventh with the client last is limited, whatever comes before it.
          eleventh: await login(admin, { 'x-forwarded-for': client }),
          twelfth: await login(admin, { 'x-forwarded-for': `192.0.2.200, ${client}` }),
        };
      })();
      expect(outcome.other.status, outcome.other.text).toBe(200);
      expect(outcome.otherAfterClient.status, outcome.otherAfterClient.text).toBe(200);
      expectProblem(outcome.eleventh, 429, 'rate_limited');
      expectProblem(outcome.twelfth, 429, 'rate_limited');
    });

    it('with Svc__TrustedProxies, X-Forwarded-Proto https makes the session cookie Secure (http does not)', async () => {
      const secure = await login(admin, { 'x-forwarded-proto': 'https' });
      expect(secure.status).toBe(200);
      expect(hasAttribute(sessionCookieOf(secure), 'Secure')).toBe(true);

      const plain = await login(admin, { 'x-forwarded-proto': 'http' });
      expect(plain.status).toBe(200);
      expect(hasAttribute(sessionCookieOf(plain), 'Secure')).toBe(false);

      const none = await login(admin);
      expect(hasAttribute(sessionCookieOf(none), 'Secure')).toBe(false);
    });

    it('without Svc__TrustedProxies both headers are ignored: X-Forwarded-Proto gives no Secure, changing X-Forwarded-For does not escape the limit', async () => {
      const status = await call(b.url, 'GET', '/api/setup/status');
      expect(status.json).toEqual({ requiresSetup: false, requiresSetupToken: true, setupTokenHint: 'operator', allowSelfRegistration: false, externalSignIn: [] });

      const first = await call(b.url, 'POST', '/api/auth/login', {
        json: adminOfB,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.1' },
      });
      expect(first.status, first.text).toBe(200);
      secrets.sessions.push(sessionCookieOf(first).value);
      expect(hasAttribute(sessionCookieOf(first), 'Secure')).toBe(false);

      for (let i = 1; i < 10; i++) {
        const answer = await call(b.url, 'POST', '/api/auth/login', { json: { email: 'nobody@example.test', password: 'Nobody-1234' }, headers: { 'x-forwarded-for': '203.0.113.1' } });
        expectProblem(answer, 401);
      }
      const eleventh = await call(b.url, 'POST', '/api/auth/login', {
        json: adminOfB,
        headers: { 'x-forwarded-for': '203.0.113.2' },
      });
      expectProblem(eleventh, 429, 'rate_limited');
      expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  describe('Svc__SecureCookies=true (server C, local profile over plain http)', () => {
    it('marks the session cookie Secure on every response: setup, login and logout', async () => {
      const setup = await call(c.url, 'POST', '/api/setup', { json: { setupToken: operatorToken, ...admin } });
      expect(setup.status, setup.text).toBe(201);
      expect(hasAttribute(sessionCookieOf(setup), 'Secure')).toBe(true);
      secrets.sessions.push(sessionCookieOf(setup).value);

      const login = await call(c.url, 'POST', '/api/auth/login', { json: { email: admin.email, password: admin.password } });
      expect(login.status).toBe(200);
      const cookie = sessionCookieOf(login);
      expect(hasAttribute(cookie, 'Secure')).toBe(true);
      secrets.sessions.push(cookie.value);

      const logout = await call(c.url, 'POST', '/api/auth/logout', { session: cookie.value });
      expect(logout.status).toBe(204);
      expect(hasAttribute(sessionCookieOf(logout), 'Secure')).toBe(true);
    });
  });

  describe('workspace boundaries and roles', () => {
    it('a person of another workspace gets 404 (not 403) for its project and its project list, like for a project that does not exist', async () => {
      const missing = await onA('GET', '/api/projects/00000000-0000-4000-8000-000000000000', { session: bobSession });
      const missingBody = expectProblem(missing, 404);

      const project = await onA('GET', `/api/projects/${adminProjectId}`, { session: bobSession });
      expect(expectProblem(project, 404)).toEqual(missingBody);

      expectProblem(await onA('GET', `/api/workspaces/${defaultWorkspaceId}/projects`, { session: bobSession }), 404);
      expectProblem(await onA('POST', `/api/workspaces/${defaultWorkspaceId}/projects`, { session: bobSession, json: { name: 'intruder' } }), 404);
      expectProblem(await onA('PATCH', `/api/projects/${adminProjectId}`, { session: bobSession, json: { name: 'renamed' } }), 404);
      expectProblem(await onA('DELETE', `/api/projects/${adminProjectId}`, { session: bobSession }), 404);
      expectProblem(await onA('GET', `/api/workspaces/${defaultWorkspaceId}/agent-tokens`, { session: bobSession }), 404);
      expectProblem(await onA('DELETE', `/api/workspaces/${defaultWorkspaceId}/agent-tokens/${adminToken.id}`, { session: bobSession }), 404);

      // And the other way round.
      expectProblem(await onA('GET', `/api/projects/${bobProjectId}`, { session: adminSession }), 404);
      expectProblem(await onA('GET', `/api/workspaces/${bobWorkspaceId}/projects`, { session: adminSession }), 404);

      // Nothing changed, and the token still works.
      const still = await onA('GET', `/api/projects/${adminProjectId}`, { session: adminSession });
      expect(still.status).toBe(200);
      expect(still.json.name).toBe('Admin project');
      expect((await onA('GET', `/api/projects/${adminProjectId}`, { token: adminToken.token })).status).toBe(200);
      const workspaces = await onA('GET', '/api/workspaces', { session: bobSession });
      expect(workspaces.json.items.map((w: { id: string }) => w.id)).toEqual([bobWorkspaceId]);
    });

    it('an agent token of one workspace sees nothing of another', async () => {
      expectProblem(await onA('GET', `/api/projects/${bobProjectId}`, { token: adminToken.token }), 404);
      expectProblem(await onA('GET', `/api/workspaces/${bobWorkspaceId}/projects`, { token: adminToken.token }), 404);
    });

    it('an owner cannot revoke another workspace\'s token through their own workspace, nor bind a token to another workspace\'s project', async () => {
      expectProblem(await onA('DELETE', `/api/workspaces/${bobWorkspaceId}/agent-tokens/${adminToken.id}`, { session: bobSession }), 404);
      expect((await onA('GET', `/api/projects/${adminProjectId}`, { token: adminToken.token })).status).toBe(200);

      const foreign = await onA('POST', `/api/workspaces/${bobWorkspaceId}/agent-tokens`, {
        session: bobSession,
        json: { name: 'foreign', scopes: ['read'], projectId: adminProjectId, expiresAt: null },
      });
      expect(expectProblem(foreign, 400, 'validation_error').errors.map((e) => e.field)).toContain('projectId');
      const tokens = await databaseA.db.selectFrom('agent_tokens').select('name').execute();
      expect(tokens.map((r) => r.name)).not.toContain('foreign');
    });

    it('a token restricted to a project dies with the project; it never widens to the whole workspace', async () => {
      const project = await onA('POST', `/api/workspaces/${defaultWorkspaceId}/projects`, { session: adminSession, json: { name: 'Short-lived project' } });
      expect(project.status).toBe(201);
      const token = await onA('POST', `/api/workspaces/${defaultWorkspaceId}/agent-tokens`, {
        session: adminSession,
        json: { name: 'bound', scopes: ['read'], projectId: project.json.id, expiresAt: null },
      });
      expect(token.status).toBe(201);
      secrets.tokens.push(token.json.token);
      expect((await onA('GET', `/api/projects/${project.json.id}`, { token: token.json.token })).status).toBe(200);
      expectProblem(await onA('GET', `/api/projects/${adminProjectId}`, { token: token.json.token }), 404);

      expect((await onA('DELETE', `/api/projects/${project.json.id}`, { session: adminSession })).status).toBe(204);
      expectProblem(await onA('GET', `/api/projects/${project.json.id}`, { session: adminSession }), 404);
      const after = await onA('GET', `/api/projects/${adminProjectId}`, { token: token.json.token });
      expect(after.status).not.toBe(200);
      const list = await onA('GET', `/api/workspaces/${defaultWorkspaceId}/projects`, { token: token.json.token });
      expect(list.status).not.toBe(200);
    });

    it('person-only endpoints refuse a valid agent token with 403', async () => {
      const t = { token: adminToken.token };
      expectProblem(await onA('POST', '/api/workspaces', { ...t, json: { name: 'by token' } }), 403);
      expectProblem(
        await onA('POST', `/api/workspaces/${defaultWorkspaceId}/agent-tokens`, { ...t, json: { name: 'child', scopes: ['read'], projectId: null, expiresAt: null } }),
        403,
      );
      expectProblem(await onA('GET', '/api/auth/me', t), 403);
      expectProblem(await onA('GET', `/api/workspaces/${defaultWorkspaceId}/agent-tokens`, t), 403);
      expectProblem(await onA('DELETE', `/api/workspaces/${defaultWorkspaceId}/agent-tokens/${adminToken.id}`, t), 403);

      // None of it took effect: the token still works and no workspace was made.
      expect((await onA('GET', `/api/projects/${adminProjectId}`, t)).status).toBe(200);
      const names = (await databaseA.db.selectFrom('workspaces').select('name').execute()).map((r) => r.name);
      expect(names).not.toContain('by token');
      const tokens = await databaseA.db.selectFrom('agent_tokens').select('name').execute();
      expect(tokens.map((r) => r.name)).not.toContain('child');
    });

    it('an invalid bearer token is no credential (401), even next to a valid session cookie', async () => {
      expectProblem(await onA('GET', '/api/auth/me', { token: 'svc_at_not-a-real-token' }), 401);
      const both = await call(a.url, 'GET', `/api/projects/${adminProjectId}`, {
        session: adminSession,
        headers: { authorization: 'Bearer svc_at_not-a-real-token', 'x-forwarded-for': freshAddress() },
      });
      expect(both.status).not.toBe(200);
      expectProblem(both, both.status);
    });

    it('an editor cannot delete a project (403) but can create and change one', async () => {
      const session = await sessionOf(eve);
      expectProblem(await onA('DELETE', `/api/projects/${adminProjectId}`, { session }), 403);
      expect((await onA('GET', `/api/projects/${adminProjectId}`, { session: adminSession })).status).toBe(200);

      const created = await onA('POST', `/api/workspaces/${defaultWorkspaceId}/projects`, { session, json: { name: 'Eve project' } });
      expect(created.status).toBe(201);
      const patched = await onA('PATCH', `/api/projects/${created.json.id}`, { session, json: { description: 'edited' } });
      expect(patched.status).toBe(200);
      expect(patched.json.description).toBe('edited');
      expectProblem(await onA('POST', `/api/workspaces/${defaultWorkspaceId}/agent-tokens`, { session, json: { name: 't', scopes: ['read'], projectId: null, expiresAt: null } }), 403);
    });

    it('a viewer cannot create a project (403) but can read them', async () => {
      const session = await sessionOf(vic);
      expectProblem(await onA('POST', `/api/workspaces/${defaultWorkspaceId}/projects`, { session, json: { name: 'Vic project' } }), 403);
      expectProblem(await onA('PATCH', `/api/projects/${adminProjectId}`, { session, json: { name: 'Vic renamed' } }), 403);
      const list = await onA('GET', `/api/workspaces/${defaultWorkspaceId}/projects`, { session });
      expect(list.status).toBe(200);
      expect(list.json.items.map((p: { name: string }) => p.name)).toContain('Admin project');
      expect(list.json.items.map((p: { name: string }) => p.name)).not.toContain('Vic project');
    });

    it('GET /api/instance tells the profile and registration policy to any signed-in caller, and who administers', async () => {
      const asAdmin = await onA('GET', '/api/instance', { session: adminSession });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.json).toEqual({ profile: 'local', version: expect.any(String), isInstanceAdmin: true, allowSelfRegistration: false });
      const asBob = await onA('GET', '/api/instance', { session: bobSession });
      expect(asBob.json).toMatchObject({ isInstanceAdmin: false, allowSelfRegistration: false });
      const asToken = await onA('GET', '/api/instance', { token: adminToken.token });
      expect(asToken.status).toBe(200);
      expect(asToken.json.isInstanceAdmin).toBe(false);
      expectProblem(await onA('GET', '/api/instance'), 401);
    });

    it('pages the project list by name with limit and cursor; a cursor of another list or a bad limit answers 400', async () => {
      for (const name of ['P-c', 'P-a', 'P-b']) {
        expect((await onA('POST', `/api/workspaces/${bobWorkspaceId}/projects`, { session: bobSession, json: { name } })).status).toBe(201);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: HttpAnswer = await onA('GET', `/api/workspaces/${bobWorkspaceId}/projects?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { session: bobSession });
        expect(page.status, page.text).toBe(200);
        expect(page.json.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.json.items.map((p: { name: string }) => p.name));
        cursor = page.json.nextCursor;
        pages++;
      } while (cursor && pages < 5);
      expect(seen).toEqual(['Bob project', 'P-a', 'P-b', 'P-c']);
      expect(pages).toBe(2);

      const first = await onA('GET', `/api/workspaces/${bobWorkspaceId}/projects?limit=1`, { session: bobSession });
      const bobCursor = first.json.nextCursor as string;
      expect(bobCursor).toEqual(expect.any(String));
      const foreign = await onA('GET', `/api/workspaces/${defaultWorkspaceId}/projects?cursor=${encodeURIComponent(bobCursor)}`, { session: adminSession });
      expect(expectProblem(foreign, 400, 'validation_error').errors.map((e) => e.field)).toContain('cursor');
      const forged = await onA('GET', `/api/workspaces/${bobWorkspaceId}/projects?cursor=${encodeURIComponent(`${bobCursor.split('.')[0]}x.${bobCursor.split('.')[1]}`)}`, { session: bobSession });
      expectProblem(forged, 400, 'validation_error');
      for (const limit of ['0', '201', 'abc', '1.5']) {
        const answer = await onA('GET', `/api/workspaces/${bobWorkspaceId}/projects?limit=${limit}`, { session: bobSession });
        expect(expectProblem(answer, 400, 'validation_error').errors.map((e) => e.field)).toContain('limit');
      }
    });

    it('registration is refused with 403 in the local profile and creates no account', async () => {
      const answer = await onA('POST', '/api/auth/register', { json: { email: 'newcomer@example.test', password: 'Newcomer-123', name: 'New' } });
      expectProblem(answer, 403);
      expect(answer.setCookies.filter((c) => c.startsWith('svc_session=') && !/max-age=0/i.test(c))).toEqual([]);
      const row = await databaseA.db.selectFrom('users').select('id').where('email', '=', 'newcomer@example.test').executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('request bodies', () => {
    it.each([
      ['POST /api/auth/login', '/api/auth/login', () => ({ email: admin.email, password: admin.password, rememberMe: true }), 'rememberMe'],
      ['POST /api/setup', '/api/setup', () => ({ setupToken: setupCode, ...admin, isInstanceAdmin: true }), 'isInstanceAdmin'],
      ['POST /api/workspaces', '/api/workspaces', () => ({ name: 'W', owner: 'someone' }), 'owner'],
      ['POST W/projects', 'W/projects', () => ({ name: 'P', modelVersion: 7 }), 'modelVersion'],
      ['POST W/agent-tokens', 'W/agent-tokens', () => ({ name: 'T', scopes: ['read'], projectId: null, expiresAt: null, role: 'owner' }), 'role'],
    ])('%s refuses an unknown field with 400 validation_error naming it', async (_label, path, body, field) => {
      const resolved = path.replace('W/', `/api/workspaces/${defaultWorkspaceId}/`);
      const answer = await onA('POST', resolved, { session: adminSession, json: body() });
      const problem = expectProblem(answer, 400, 'validation_error');
      expect(problem.errors.map((e) => e.field)).toContain(field);
      expect(answer.setCookies.filter((c) => c.startsWith('svc_session=') && !/max-age=0/i.test(c))).toEqual([]);
    });

    it('PATCH /api/projects/{id} refuses an unknown field and changes nothing', async () => {
      const answer = await onA('PATCH', `/api/projects/${adminProjectId}`, { session: adminSession, json: { name: 'Renamed', workspaceId: bobWorkspaceId } });
      expect(expectProblem(answer, 400, 'validation_error').errors.map((e) => e.field)).toContain('workspaceId');
      const project = await onA('GET', `/api/projects/${adminProjectId}`, { session: adminSession });
      expect(project.json).toMatchObject({ name: 'Admin project', workspaceId: defaultWorkspaceId });
    });

    it('a missing required field is named too', async () => {
      const answer = await onA('POST', '/api/auth/login', { json: { email: admin.email } });
      expect(expectProblem(answer, 400, 'validation_error').errors.map((e) => e.field)).toContain('password');
    });
  });

  describe('bad input at the edge', () => {
    const liveAfterwards = async (service: () => ServiceProcess) => {
      const live = await fetch(`${service().url}/health/live`);
      expect(live.status).toBe(200);
      expect(await live.text()).toBe('Healthy');
    };

    it.each(['/api/auth/login', '/api/setup'])('%s: malformed JSON answers 400 in the error body', async (path) => {
      for (const text of ['{"email": "a@b.c", "password": ', '{email: 1}', 'not json at all', '{"a":1}}']) {
        const answer = await onA('POST', path, { body: text, headers: { 'content-type': 'application/json' } });
        expectProblem(answer, 400);
      }
      await liveAfterwards(() => a);
    });

    it.each(['/api/auth/login', '/api/setup'])('%s: a wrong content type answers 415 in the error body', async (path) => {
      const json = JSON.stringify({ email: admin.email, password: admin.password });
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']) {
        const answer = await onA('POST', path, { body: json, headers: { 'content-type': contentType } });
        expectProblem(answer, 415);
        expect(answer.setCookies).toEqual([]);
      }
      await liveAfterwards(() => a);
    });

    const sizeCases = ['/api/auth/login', '/api/setup'];

    it.each(sizeCases)('%s: a body of exactly 4096 bytes is read; 4097 bytes answer 413', async (path) => {
      const padded = (size: number) => {
        const base = JSON.stringify({ email: admin.email, password: 'x', pad: '' });
        return JSON.stringify({ email: admin.email, password: 'x', pad: 'p'.repeat(size - base.length) });
      };
      expect(Buffer.byteLength(padded(4096))).toBe(4096);
      const atLimit = await onA('POST', path, { body: padded(4096), headers: { 'content-type': 'application/json' } });
      expectProblem(atLimit, 400, 'validation_error');
      const over = await onA('POST', path, { body: padded(4097), headers: { 'content-type': 'application/json' } });
      expectProblem(over, 413);
      await liveAfterwards(() => a);
    });

    it.each(sizeCases)('%s: a Content-Length over 4096 answers 413 in the error body', async (path) => {
      const body = Buffer.alloc(6000, 'a');
      const answer = await rawRequest(a.url, [
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${freshAddress()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      ]);
      expectProblem(answer, 413);
      await liveAfterwards(() => a);
    });

    it.each(sizeCases)('%s: a declared Content-Length over the limit is refused before the body arrives', async (path) => {
      // Only the headers are sent: the answer must come without waiting for 1 MB.
      const answer = await rawRequest(a.url, [`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${freshAddress()}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n`], 5_000);
      expectProblem(answer, 413);
      await liveAfterwards(() => a);
    });

    it.each(sizeCases)('%s: a chunked body over 4096 bytes answers 413 in the error body', async (path) => {
      const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
      const piece = 'b'.repeat(1500);
      const answer = await rawRequest(a.url, [
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${freshAddress()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        chunk(piece),
        chunk(piece),
        chunk(piece),
        chunk(piece),
        '0\r\n\r\n',
      ]);
      expectProblem(answer, 413);
      await liveAfterwards(() => a);
    });

    it('a chunked body under the limit is read like any other', async () => {
      const json = JSON.stringify({ email: 'nobody@example.test', password: 'Nobody-1234' });
      const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
      const answer = await rawRequest(a.url, [
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${freshAddress()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
        chunk(json.slice(0, 10)),
        chunk(json.slice(10)),
        '0\r\n\r\n',
      ]);
      expectProblem(answer, 401);
    });

    it('a client that says "Expect: 100-continue" with a body over the limit gets 413 in the error body', async () => {
      const answer = await rawRequest(a.url, [
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${freshAddress()}\r\nContent-Type: application/json\r\nContent-Length: 6000\r\nExpect: 100-continue\r\n\r\n`,
      ]);
      expectProblem(answer, 413);
    });

    it.each([
      ['bad chunk framing', `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nabc\r\n0\r\n\r\n`],
      ['a Content-Length that is not a number', 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n'],
      ['both Content-Length and chunked', 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
      ['a request line that is not HTTP', 'LOGIN PLEASE\r\n\r\n'],
    ])('a request the HTTP parser cannot read (%s) answers 400 in the error body', async (_name, text) => {
      const answer = await rawRequest(a.url, [text]);
      expectProblem(answer, 400);
      await liveAfterwards(() => a);
    });

    it('request headers over the size limit answer 431 in the error body', async () => {
      const answer = await rawRequest(a.url, [`GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`]);
      expectProblem(answer, 431);
      await liveAfterwards(() => a);
    });

    it('a path whose ID does not decode names nothing: 404 for every method of the route', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const answer = await onA(method, '/api/projects/%ZZ', { session: adminSession, ...(method === 'PATCH' ? { json: { name: 'x' } } : {}) });
        expectProblem(answer, 404);
      }
    });

    it('a known path with a method it does not answer gets 405 with Allow, in the error body', async () => {
      const answer = await onA('GET', '/api/auth/login');
      expectProblem(answer, 405);
      expect(answer.headers.get('allow')).toBe('POST');
    });

    it('an unknown route answers 404 in the error body, with any method', async () => {
      for (const [method, path] of [
        ['GET', '/api/nope'],
        ['POST', '/api/auth/nope'],
        ['DELETE', '/api/workspaces/x/y/z'],
        // A GET outside the API answers the web client's index.html (docs/web-client.md); other methods stay 404.
        ['PUT', '/definitely/not/here'],
      ] as const) {
        const answer = await onA(method, path, method === 'POST' ? { json: { a: 1 } } : {});
        expectProblem(answer, 404);
      }
      await liveAfterwards(() => a);
    });

    it('after all of it the service still signs people in', async () => {
      const answer = await login(admin);
      expect(answer.status).toBe(200);
      await liveAfterwards(() => a);
      await liveAfterwards(() => b);
    });
  });

  describe('the log', () => {
    it('holds no password, agent token or session cookie, and the setup code only on its one marker line', async () => {
      // Drive a failed and a successful login, a token's creation and use.
      expectProblem(await login({ email: admin.email, password: 'Log-Check-Wrong-1' }), 401);
      const session = await sessionOf(admin);
      const created = await onA('POST', `/api/workspaces/${defaultWorkspaceId}/agent-tokens`, {
        session,
        json: { name: 'log check', scopes: ['read'], projectId: adminProjectId, expiresAt: null },
      });
      expect(created.status).toBe(201);
      secrets.tokens.push(created.json.token);
      expect((await onA('GET', `/api/projects/${adminProjectId}`, { token: created.json.token })).status).toBe(200);
      expect((await onA('GET', `/api/projects/${bobProjectId}`, { token: created.json.token })).status).toBe(404);
      // Give the process a moment to flush its output.
      await new Promise((r) => setTimeout(r, 200));

      for (const [name, output] of [
        ['A', a.output()],
        ['B', b.output()],
      ] as const) {
        for (const password of secrets.passwords) expect(output, `password in the log of ${name}`).not.toContain(password);
        for (const token of secrets.tokens) {
          expect(output, `agent token in the log of ${name}`).not.toContain(token);
          expect(output).not.toContain(token.slice(-24));
        }
        for (const value of secrets.sessions) expect(output, `session cookie in the log of ${name}`).not.toContain(value);
      }
      expect(b.output()).not.toContain(operatorToken);

      const linesWithCode = a.output().split('\n').filter((line) => line.includes(setupCode));
      expect(linesWithCode).toHaveLength(1);
      expect(linesWithCode[0]).toContain('SVC SETUP CODE:');
      expect(a.output().split('\n').filter((line) => line.includes('SVC SETUP CODE:'))).toHaveLength(1);
      expect(secrets.sessions.length).toBeGreaterThan(5);
      expect(secrets.tokens.length).toBe(3);
    });
  });
});
