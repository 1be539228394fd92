import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { attributeValue, call, expectProblem, hasAttribute, readSetupCode, sessionCookieOf, strongPassword } from '../support/http-client';

/**
 * The acceptance path of the identity layer, over HTTP against the built
 * server in the local profile: first-run setup with the code from the data
 * directory, sign-in, a workspace with projects, a project-restricted agent
 * token, its revocation, and sign-out. The steps build on each other.
 */
describe('identity acceptance path (local profile, setup code from the data directory)', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  const admin = { email: 'admin@example.test', name: 'Ada Admin', password: strongPassword };

  let setupCode: string;
  let setupSession: string;
  let session: string;
  let defaultWorkspaceId: string;
  let workspaceId: string;
  let projectA: { id: string; name: string };
  let projectB: { id: string; name: string };
  let token: { id: string; token: string };

  const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(service.url, method, path, options);

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url });
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('writes the setup code to <data>/setup-code, readable by the app user only, and prints it on the marker line', async () => {
    setupCode = await readSetupCode(service.dataDirectory);
    expect(setupCode.length).toBeGreaterThanOrEqual(16);
    const mode = (await stat(join(service.dataDirectory, 'setup-code'))).mode & 0o777;
    expect(mode & 0o077).toBe(0);
    const markerLines = service.output().split('\n').filter((l) => l.includes('SVC SETUP CODE:'));
    expect(markerLines).toHaveLength(1);
    expect(markerLines[0]).toContain(`SVC SETUP CODE: ${setupCode}`);
  });

  it('GET /api/setup/status says setup is due and needs the code from the log', async () => {
    const answer = await api('GET', '/api/setup/status');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    // Registration is closed in the local profile and no external provider is configured: a sign-in page offers neither.
    expect(answer.json).toEqual({ requiresSetup: true, requiresSetupToken: true, setupTokenHint: 'log', allowSelfRegistration: false, externalSignIn: [] });
  });

  it('a wrong setup code creates no account', async () => {
    const answer = await api('POST', '/api/setup', { json: { setupToken: 'WRONGWRONGWRONGWRONG', ...admin } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectProblem(answer, answer.status);
    expect(answer.setCookies.filter((c) => c.startsWith('svc_session=') && !/max-age=0/i.test(c))).toEqual([]);
    expect((await api('GET', '/api/setup/status')).json.requiresSetup).toBe(true);
    expect((await readSetupCode(service.dataDirectory))).toBe(setupCode);
  });

  it('POST /api/setup with the code answers 201, creates the administrator and Default, and signs in with a Lax HttpOnly cookie (not Secure over local http)', async () => {
    const answer = await api('POST', '/api/setup', { json: { setupToken: setupCode, ...admin } });
    expect(answer.status).toBe(201);
    expect(answer.json.user).toMatchObject({ email: admin.email, name: admin.name, isInstanceAdmin: true });
    expect(answer.json.user.id).toEqual(expect.any(String));
    expect(answer.json.workspace).toEqual({ id: expect.any(String), name: 'Default' });
    expect(answer.text).not.toContain(admin.password);
    defaultWorkspaceId = answer.json.workspace.id;

    const cookie = sessionCookieOf(answer);
    expect(cookie.value.length).toBeGreaterThanOrEqual(20);
    expect(hasAttribute(cookie, 'HttpOnly')).toBe(true);
    expect(attributeValue(cookie, 'SameSite')?.toLowerCase()).toBe('lax');
    expect(attributeValue(cookie, 'Path')).toBe('/');
    expect(hasAttribute(cookie, 'Secure')).toBe(false);
    setupSession = cookie.value;

    const me = await api('GET', '/api/auth/me', { session: setupSession });
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ email: admin.email, isInstanceAdmin: true });
    expect(me.json.workspaces).toEqual([{ id: defaultWorkspaceId, name: 'Default', role: 'owner' }]);
  });

  it('deletes the setup-code file once setup completed, and setup is no longer due', async () => {
    await expect(stat(join(service.dataDirectory, 'setup-code'))).rejects.toMatchObject({ code: 'ENOENT' });
    const status = await api('GET', '/api/setup/status');
    expect(status.status).toBe(200);
    expect(status.json.requiresSetup).toBe(false);
  });

  it('a second setup answers 409 and creates no further account', async () => {
    const answer = await api('POST', '/api/setup', { json: { setupToken: setupCode, email: 'second@example.test', name: 'Second', password: strongPassword } });
    expectProblem(answer, 409, 'conflict');
    const rows = await database.db.selectFrom('users').select('email').execute();
    expect(rows.map((r) => r.email)).toEqual([admin.email]);
  });

  it('POST /api/auth/login signs in with the password (200 {user} and a new session cookie)', async () => {
    const answer = await api('POST', '/api/auth/login', { json: { email: admin.email, password: admin.password } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ user: expect.objectContaining({ email: admin.email, name: admin.name, isInstanceAdmin: true }) });
    const cookie = sessionCookieOf(answer);
    expect(hasAttribute(cookie, 'HttpOnly')).toBe(true);
    expect(attributeValue(cookie, 'SameSite')?.toLowerCase()).toBe('lax');
    expect(hasAttribute(cookie, 'Secure')).toBe(false);
    expect(cookie.value).not.toBe(setupSession);
    session = cookie.value;
    const me = await api('GET', '/api/auth/me', { session });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(admin.email);
  });

  it('creates a workspace (caller is owner) and two projects in it', async () => {
    const created = await api('POST', '/api/workspaces', { session, json: { name: 'Payments' } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(String), name: 'Payments' });
    workspaceId = created.json.id;

    const list = await api('GET', '/api/workspaces', { session });
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual(
      expect.arrayContaining([
        { id: workspaceId, name: 'Payments', role: 'owner' },
        { id: defaultWorkspaceId, name: 'Default', role: 'owner' },
      ]),
    );

    const a = await api('POST', `/api/workspaces/${workspaceId}/projects`, { session, json: { name: 'Alpha', description: 'first' } });
    expect(a.status).toBe(201);
    expect(a.json).toMatchObject({ id: expect.any(String), workspaceId, name: 'Alpha', description: 'first', modelVersion: expect.any(Number) });
    const b = await api('POST', `/api/workspaces/${workspaceId}/projects`, { session, json: { name: 'Beta', description: null } });
    expect(b.status).toBe(201);
    expect(b.json).toMatchObject({ workspaceId, name: 'Beta', description: null });
    projectA = a.json;
    projectB = b.json;

    const projects = await api('GET', `/api/workspaces/${workspaceId}/projects`, { session });
    expect(projects.status).toBe(200);
    expect(projects.json).toEqual({
      items: [
        { id: projectA.id, name: 'Alpha', description: 'first' },
        { id: projectB.id, name: 'Beta', description: null },
      ],
      nextCursor: null,
    });
  });

  it('creates a read token restricted to one project; the secret is shown once and never listed', async () => {
    const answer = await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, {
      session,
      json: { name: 'ci reader', scopes: ['read'], projectId: projectA.id, expiresAt: null },
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ id: expect.any(String), name: 'ci reader', scopes: ['read'], projectId: projectA.id, token: expect.any(String) });
    token = { id: answer.json.id, token: answer.json.token };
    expect(token.token.length).toBeGreaterThanOrEqual(20);

    const listed = await api('GET', `/api/workspaces/${workspaceId}/agent-tokens`, { session });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).toContain(token.id);
    expect(listed.text).not.toContain(token.token);
  });

  it('the token reads its project, and sees nothing else of the workspace', async () => {
    const own = await api('GET', `/api/projects/${projectA.id}`, { token: token.token });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: projectA.id, workspaceId, name: 'Alpha' });

    const other = await api('GET', `/api/projects/${projectB.id}`, { token: token.token });
    expectProblem(other, 404);

    const list = await api('GET', `/api/workspaces/${workspaceId}/projects`, { token: token.token });
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual([{ id: projectA.id, name: 'Alpha', description: 'first' }]);
    expect(list.json.nextCursor).toBeNull();

    const otherWorkspace = await api('GET', `/api/workspaces/${defaultWorkspaceId}/projects`, { token: token.token });
    expectProblem(otherWorkspace, 404);
  });

  it('a read token cannot change its project', async () => {
    const patch = await api('PATCH', `/api/projects/${projectA.id}`, { token: token.token, json: { name: 'Hijacked' } });
    expectProblem(patch, 403);
    const del = await api('DELETE', `/api/projects/${projectA.id}`, { token: token.token });
    expectProblem(del, 403);
    const still = await api('GET', `/api/projects/${projectA.id}`, { session });
    expect(still.json.name).toBe('Alpha');
  });

  it('revoking the token (204) stops it at once: the same call now answers 401', async () => {
    const revoke = await api('DELETE', `/api/workspaces/${workspaceId}/agent-tokens/${token.id}`, { session });
    expect(revoke.status).toBe(204);
    expect(revoke.text).toBe('');

    const after = await api('GET', `/api/projects/${projectA.id}`, { token: token.token });
    expectProblem(after, 401);

    const listed = await api('GET', `/api/workspaces/${workspaceId}/agent-tokens`, { session });
    expect(JSON.stringify(listed.json)).not.toContain(token.id);

    const again = await api('DELETE', `/api/workspaces/${workspaceId}/agent-tokens/${token.id}`, { session });
    expectProblem(again, 404);
  });

  it('a token stops working when its expiresAt has passed', async () => {
    const expiresAt = new Date(Date.now() + 2000).toISOString();
    const created = await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, {
      session,
      json: { name: 'short-lived', scopes: ['read'], projectId: null, expiresAt },
    });
    expect(created.status).toBe(201);
    expect((await api('GET', `/api/projects/${projectB.id}`, { token: created.json.token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, Date.parse(expiresAt) - Date.now() + 300));
    expectProblem(await api('GET', `/api/projects/${projectB.id}`, { token: created.json.token }), 401);

    const past = await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, {
      session,
      json: { name: 'already expired', scopes: ['read'], projectId: null, expiresAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(expectProblem(past, 400, 'validation_error').errors.map((e) => e.field)).toContain('expiresAt');
  });

  it('a token without projectId and expiresAt is for the whole workspace and does not expire', async () => {
    const created = await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { session, json: { name: 'plain', scopes: ['read'] } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ projectId: null, expiresAt: null, scopes: ['read'] });
    expect((await api('GET', `/api/projects/${projectB.id}`, { token: created.json.token })).status).toBe(200);
    const wrong = expectProblem(await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { session, json: { name: 'bad', scopes: ['read'], expiresAt: 'tomorrow' } }), 400, 'validation_error');
    expect(wrong.errors).toEqual([{ field: 'expiresAt', message: 'must be an ISO 8601 timestamp with a time zone, or null' }]);
    expect((await api('DELETE', `/api/workspaces/${workspaceId}/agent-tokens/${created.json.id}`, { session })).status).toBe(204);
  });

  it('the audit logs: W/audit (owner) holds the workspace entries, /api/instance/audit (administrator) every entry, newest first, paged', async () => {
    const workspace = await api('GET', `/api/workspaces/${workspaceId}/audit`, { session });
    expect(workspace.status, workspace.text).toBe(200);
    const actions = workspace.json.items.map((e: { action: string }) => e.action);
    // Newest first: the plain token's revocation and creation, then the short-lived token's creation.
    expect(actions.slice(0, 3)).toEqual(['agent-token.revoke', 'agent-token.create', 'agent-token.create']);
    for (const entry of workspace.json.items) {
      expect(entry).toMatchObject({ workspaceId, actor: expect.stringMatching(/^user:/), at: expect.any(String) });
      // Never a secret in an entry.
      expect(JSON.stringify(entry)).not.toContain(token.token);
    }

    const instance = await api('GET', '/api/instance/audit?limit=2', { session });
    expect(instance.status, instance.text).toBe(200);
    expect(instance.json.items).toHaveLength(2);
    const all = [...instance.json.items];
    for (let cursor = instance.json.nextCursor; cursor; ) {
      const page = await api('GET', `/api/instance/audit?limit=2&cursor=${encodeURIComponent(cursor)}`, { session });
      all.push(...page.json.items);
      cursor = page.json.nextCursor;
    }
    const ids = all.map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const instanceActions = all.map((e: { action: string }) => e.action);
    expect(instanceActions).toContain('instance.setup');
    expect(instanceActions).toContain('auth.sign-in');
    expect(instanceActions).toContain('agent-token.revoke');

    // A token, or a person who is not the administrator or owner, reads neither.
    expectProblem(await api('GET', '/api/instance/audit', { token: (await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { session, json: { name: 'reader', scopes: ['read'], projectId: null, expiresAt: null } })).json.token }), 403);
  });

  it('logout answers 204, clears the cookie, and the old cookie no longer signs in', async () => {
    const logout = await api('POST', '/api/auth/logout', { session });
    expect(logout.status).toBe(204);
    const cleared = sessionCookieOf(logout);
    expect(cleared.value).toBe('');
    expect(attributeValue(cleared, 'Max-Age')).toBe('0');

    const me = await api('GET', '/api/auth/me', { session });
    expectProblem(me, 401);
    const projects = await api('GET', `/api/workspaces/${workspaceId}/projects`, { session });
    expectProblem(projects, 401);
  });
});
