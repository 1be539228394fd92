import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, insertPerson, rawRequest, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Workspace credentials over HTTP (part 2 "Credentials", "Settings,
 * credentials, instance"; docs/secrets.md): set, status, delete, refusals,
 * roles, and that no value ever comes back in an answer, the audit log or the
 * service log.
 */
const setupToken = 'secrets-test-setup-token-0123';
// Distinct, searchable values: none may appear anywhere but in the request that sets it.
const githubValue = 'ghp_SecretsTestValueAlpha0123456789';
const gitlabValue = 'glpat-SecretsTestValueBravo98765';
const webhookValue = 'whsec Charlie ünïcode value 42';
const refusedValue = 'ghp_RefusedValueDelta\u0007bell';

describe('workspace credentials over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let owner: string;
  let editor: string;
  let viewer: string;
  let workspaceId: string;
  let agentToken: string;

  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, options);
  const secretPath = (name: string) => `/api/workspaces/${workspaceId}/secrets/${encodeURIComponent(name)}`;

  async function signIn(email: string): Promise<string> {
    const answer = await api('POST', '/api/auth/login', { json: { email, password: strongPassword } });
    expect(answer.status).toBe(200);
    return sessionCookieOf(answer).value;
  }

  async function statusOf(name: string): Promise<any> {
    const answer = await api('GET', `/api/workspaces/${workspaceId}/secrets`, { session: owner });
    expect(answer.status).toBe(200);
    return answer.json.items.find((i: { name: string }) => i.name === name);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken });
    const setup = await api('POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    expect(setup.status).toBe(201);
    owner = sessionCookieOf(setup).value;
    workspaceId = setup.json.workspace.id;
    await insertPerson(database.db, { email: 'editor@example.test', name: 'Ed Editor', password: strongPassword }, [{ workspaceId, role: 'editor' }]);
    await insertPerson(database.db, { email: 'viewer@example.test', name: 'Vi Viewer', password: strongPassword }, [{ workspaceId, role: 'viewer' }]);
    editor = await signIn('editor@example.test');
    viewer = await signIn('viewer@example.test');
    const token = await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { session: owner, json: { name: 'bot', scopes: ['read', 'push'] } });
    expect(token.status).toBe(201);
    agentToken = token.json.token;
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('lists every known credential as not set before any is saved', async () => {
    const answer = await api('GET', `/api/workspaces/${workspaceId}/secrets`, { session: owner });
    expect(answer.status).toBe(200);
    expect(answer.json.items.map((i: { name: string }) => i.name)).toEqual(['gcp:apiKey', 'github:token', 'gitlab:token', 'notifications:webhookSecret']);
    expect(await statusOf('github:token')).toEqual({
      name: 'github:token',
      isSet: false,
      status: 'not_set',
      message: 'Not set.',
      savedForOrigin: null,
      currentOrigin: 'https://api.github.com',
      updatedAt: null,
      updatedBy: null,
    });
    expect((await statusOf('gcp:apiKey')).currentOrigin).toBe('https://cloudbilling.googleapis.com');
    expect((await statusOf('notifications:webhookSecret')).currentOrigin).toBeNull();
  });

  it('stores a token (204), bound to the origin of its address, and reports it without the value', async () => {
    const put = await api('PUT', secretPath('github:token'), { session: owner, json: { value: githubValue } });
    expect(put.status).toBe(204);
    expect(put.text).toBe('');
    const status = await statusOf('github:token');
    expect(status).toMatchObject({ isSet: true, status: 'ok', savedForOrigin: 'https://api.github.com', currentOrigin: 'https://api.github.com', message: 'Saved for https://api.github.com.' });
    expect(status.updatedBy).toMatch(/^user:/);
    expect(Date.parse(status.updatedAt)).not.toBeNaN();

    // Saved again: replaced, still one entry.
    expect((await api('PUT', secretPath('gitlab:token'), { session: owner, json: { value: gitlabValue } })).status).toBe(204);
    expect((await api('PUT', secretPath('gitlab:token'), { session: owner, json: { value: `${gitlabValue}x` } })).status).toBe(204);
    expect(await statusOf('gitlab:token')).toMatchObject({ isSet: true, status: 'ok', savedForOrigin: 'https://gitlab.com' });

    // The webhook secret has no address until notifications.webhookUrl is set: stored, sent nowhere.
    expect((await api('PUT', secretPath('notifications:webhookSecret'), { session: owner, json: { value: webhookValue } })).status).toBe(204);
    expect(await statusOf('notifications:webhookSecret')).toMatchObject({ isSet: true, status: 'no_address', savedForOrigin: null, currentOrigin: null });
  });

  it('refuses an unknown secret name with 400 naming the field', async () => {
    for (const name of ['github:Token', 'aws:apiKey', 'github', 'ai:not-a-guid:apiKey']) {
      const answer = await api('PUT', secretPath(name), { session: owner, json: { value: 'x' } });
      const problem = expectProblem(answer, 400);
      expect(problem.errors[0]!.field).toBe('name');
      expectProblem(await api('DELETE', secretPath(name), { session: owner }), 400);
    }
    // A well-formed provider key for a provider the workspace does not have.
    const orphan = await api('PUT', secretPath('ai:3f2a1b4c-0000-4000-8000-000000000001:apiKey'), { session: owner, json: { value: 'sk-test' } });
    expect(expectProblem(orphan, 400).errors[0]).toEqual({ field: 'name', message: 'names no AI provider of this workspace (ai.providers)' });
  });

  it('refuses values outside the rules without echoing them', async () => {
    const cases: [string, unknown, string][] = [
      ['github:token', '', 'value'],
      ['github:token', 'a'.repeat(4097), 'value'],
      ['github:token', refusedValue, 'value'],
      ['gitlab:token', 'tøken', 'value'],
      ['gcp:apiKey', 'key with\ttab', 'value'],
      ['notifications:webhookSecret', `line${'\n'}break`, 'value'],
      ['github:token', 42, 'value'],
    ];
    for (const [name, value, field] of cases) {
      const answer = await api('PUT', secretPath(name), { session: owner, json: { value } });
      expect(expectProblem(answer, 400, 'validation_error').errors[0]!.field).toBe(field);
      if (typeof value === 'string' && value.length > 0) expect(answer.text).not.toContain(value);
    }
    expectProblem(await api('PUT', secretPath('github:token'), { session: owner, json: { value: 'ok', extra: 1 } }), 400);
    expectProblem(await api('PUT', secretPath('github:token'), { session: owner, json: {} }), 400);
    // Exactly 4096 characters (4096 code points, not bytes) is accepted.
    expect((await api('PUT', secretPath('notifications:webhookSecret'), { session: owner, json: { value: 'ü'.repeat(4096) } })).status).toBe(204);
    expect((await api('PUT', secretPath('notifications:webhookSecret'), { session: owner, json: { value: webhookValue } })).status).toBe(204);
    // The GitHub token is still the one saved before.
    expect(await statusOf('github:token')).toMatchObject({ status: 'ok' });
  });

  it('answers 413 for a body over 32768 bytes before reading it', async () => {
    const big = JSON.stringify({ value: 'a'.repeat(32_800) });
    const answer = await rawRequest(service.url, [
      `PUT ${secretPath('github:token')} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: svc_session=${owner}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(big)}\r\n\r\n`,
    ]);
    expect(answer.status).toBe(413);
  });

  it('lets only the owner signed in as a person read or change credentials', async () => {
    for (const session of [editor, viewer]) {
      expectProblem(await api('GET', `/api/workspaces/${workspaceId}/secrets`, { session }), 403, 'forbidden');
      expectProblem(await api('PUT', secretPath('github:token'), { session, json: { value: 'stolen' } }), 403, 'forbidden');
      expectProblem(await api('DELETE', secretPath('github:token'), { session }), 403, 'forbidden');
    }
    expectProblem(await api('GET', `/api/workspaces/${workspaceId}/secrets`, { token: agentToken }), 403, 'forbidden');
    expectProblem(await api('PUT', secretPath('github:token'), { token: agentToken, json: { value: 'stolen' } }), 403, 'forbidden');
    expectProblem(await api('DELETE', secretPath('github:token'), { token: agentToken }), 403, 'forbidden');
    expectProblem(await api('GET', `/api/workspaces/${workspaceId}/secrets`), 401);
    // Another workspace's ID, or none that exists, is not found.
    expectProblem(await api('GET', '/api/workspaces/3f2a1b4c-0000-4000-8000-000000000009/secrets', { session: owner }), 404);
    expect(await statusOf('github:token')).toMatchObject({ status: 'ok' });
  });

  it('deletes (204, also when not set) and records set and delete in the audit log by name only', async () => {
    expect((await api('DELETE', secretPath('gitlab:token'), { session: owner })).status).toBe(204);
    expect((await api('DELETE', secretPath('gitlab:token'), { session: owner })).status).toBe(204);
    expect((await api('DELETE', secretPath('gcp:apiKey'), { session: owner })).status).toBe(204);
    expect(await statusOf('gitlab:token')).toMatchObject({ isSet: false, status: 'not_set' });

    const audit = await api('GET', `/api/workspaces/${workspaceId}/audit`, { session: owner });
    expect(audit.status).toBe(200);
    const entries = (audit.json.items as { action: string; detail: { name?: string } }[]).filter((e) => e.action.startsWith('secret.'));
    expect(entries.map((e) => `${e.action} ${e.detail.name}`).reverse()).toEqual([
      'secret.set github:token',
      'secret.set gitlab:token',
      'secret.set gitlab:token',
      'secret.set notifications:webhookSecret',
      'secret.set notifications:webhookSecret',
      'secret.set notifications:webhookSecret',
      'secret.delete gitlab:token',
    ]);
    expect(entries.find((e) => e.detail.name === 'github:token')!.detail).toEqual({ name: 'github:token', origin: 'https://api.github.com' });
  });

  it('never shows a value in an answer, the audit log, the database in clear or the service log', async () => {
    const answers = [
      await api('GET', `/api/workspaces/${workspaceId}/secrets`, { session: owner }),
      await api('GET', `/api/workspaces/${workspaceId}/audit`, { session: owner }),
      await api('GET', '/api/instance/audit', { session: owner }),
    ];
    const stored = await database.db.selectFrom('workspace_secrets').select(['ciphertext', 'master_key_id']).execute();
    expect(stored.length).toBe(2);
    for (const value of [githubValue, gitlabValue, webhookValue, refusedValue, 'ghp_SecretsTestValue', 'Charlie ünïcode']) {
      for (const answer of answers) expect(answer.text).not.toContain(value);
      expect(service.output()).not.toContain(value);
      for (const row of stored) expect(row.ciphertext.includes(Buffer.from(value))).toBe(false);
    }
  });
  it('follows the workspace settings: a provider key needs its provider, a moved API address makes a token unusable until saved again, a removed provider takes its key', async () => {
    // Runs on its own workspace, so the counts of the tests above stay as they are.
    const created = await api('POST', '/api/workspaces', { session: owner, json: { name: 'Settings-bound' } });
    expect(created.status, created.text).toBe(201);
    const ws = created.json.id as string;
    const path = (name: string) => `/api/workspaces/${ws}/secrets/${encodeURIComponent(name)}`;
    const status = async (name: string) => ((await api('GET', `/api/workspaces/${ws}/secrets`, { session: owner })).json.items as any[]).find((i) => i.name === name);
    const saveOverrides = async (overrides: unknown) => {
      const current = await api('GET', `/api/workspaces/${ws}/settings`, { session: owner });
      const saved = await api('PUT', `/api/workspaces/${ws}/settings`, { session: owner, json: overrides, headers: { 'if-match': current.headers.get('etag')! } });
      expect(saved.status, saved.text).toBe(200);
    };
    const providerId = '6f1c0000-0000-4000-8000-0000000000a1';
    const keyName = `ai:${providerId}:apiKey`;
    expect((await api('PUT', path(keyName), { session: owner, json: { value: 'sk-provider-key-0123' } })).status).toBe(400);
    await saveOverrides({ ai: { providers: [{ id: providerId, kind: 'openai', name: 'OpenAI', model: 'gpt-4o' }] } });
    expect((await api('PUT', path(keyName), { session: owner, json: { value: 'sk-provider-key-0123' } })).status).toBe(204);
    expect(await status(keyName)).toMatchObject({ status: 'ok', savedForOrigin: 'https://api.openai.com' });

    expect((await api('PUT', path('github:token'), { session: owner, json: { value: 'ghp_SettingsBound0123' } })).status).toBe(204);
    await saveOverrides({ ai: { providers: [{ id: providerId, kind: 'openai', name: 'OpenAI', model: 'gpt-4o' }] }, github: { apiBaseUrl: 'https://github.example.test/api/v3' } });
    expect(await status('github:token')).toMatchObject({ status: 'origin_changed', savedForOrigin: 'https://api.github.com', currentOrigin: 'https://github.example.test' });

    // Removing the provider deletes its key in the same save.
    await saveOverrides({ github: { apiBaseUrl: 'https://github.example.test/api/v3' } });
    const rows = await database.db.selectFrom('workspace_secrets').select('name').where('workspace_id', '=', ws).execute();
    expect(rows.map((r) => r.name)).toEqual(['github:token']);
  });
});
