import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/features/auth/password';
import { builtInSettings } from '../../lib/features/settings/settings-schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';

const setupToken = 'settings-test-setup-token-0123';
const password = 'Correct-Horse-42';
const providerId = '7d3c1f0e-2b4a-4c5d-8e9f-0a1b2c3d4e5f';

interface Account {
  id: string;
  email: string;
  cookie: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

interface CallOptions {
  as?: Account;
  bearer?: string;
  body?: unknown;
  /** Raw body text, sent as JSON. */
  text?: string;
  ifMatch?: string;
}

describe('settings over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let admin: Account;
  let viewer: Account;
  let workspaceId: string;

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.as) headers.cookie = options.as.cookie;
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.ifMatch !== undefined) headers['if-match'] = options.ifMatch;
    let body: string | undefined = options.text;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${service.url}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  function sessionCookieOf(response: Response): string {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('svc_session='));
    if (!cookie) throw new Error(`no session cookie in ${response.status} answer`);
    return cookie.split(';')[0]!;
  }

  async function createAccount(email: string): Promise<Account> {
    const row = await database.db
      .insertInto('users')
      .values({ email, name: email, password_hash: await hashPassword(password), created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await fetch(`${service.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(response.status).toBe(200);
    return { id: row.id, email, cookie: sessionCookieOf(response) };
  }

  async function createWorkspace(name: string): Promise<string> {
    const answer = await call('POST', '/api/workspaces', { as: admin, body: { name } });
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  }

  async function workspaceSettings(id = workspaceId): Promise<Answer> {
    const answer = await call('GET', `/api/workspaces/${id}/settings`, { as: admin });
    expect(answer.status).toBe(200);
    return answer;
  }

  /** PUT W/settings with the version just read. */
  async function saveOverrides(overrides: unknown, id = workspaceId): Promise<Answer> {
    const current = await workspaceSettings(id);
    return call('PUT', `/api/workspaces/${id}/settings`, { as: admin, body: overrides, ifMatch: current.headers.get('etag')! });
  }

  async function saveInstance(body: unknown): Promise<Answer> {
    const current = await call('GET', '/api/instance/settings', { as: admin });
    expect(current.status).toBe(200);
    return call('PUT', '/api/instance/settings', { as: admin, body, ifMatch: current.headers.get('etag')! });
  }

  const localPolicy = { allowSelfRegistration: false, allowPrivateNetworkUrls: true, allowedAiProviderKinds: ['openai', 'anthropic', 'gemini', 'openai-compatible'], allowSendingPrivateCodeToAi: true };

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken });
    const setup = await fetch(`${service.url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ setupToken, email: 'admin@example.test', password, name: 'Admin' }),
    });
    expect(setup.status).toBe(201);
    const created = (await setup.json()) as { user: { id: string } };
    admin = { id: created.user.id, email: 'admin@example.test', cookie: sessionCookieOf(setup) };
    viewer = await createAccount('viewer@example.test');
    workspaceId = await createWorkspace('Settings');
    const invitation = await call('POST', `/api/workspaces/${workspaceId}/invitations`, { as: admin, body: { email: viewer.email, role: 'viewer' } });
    expect(invitation.status).toBe(201);
    expect((await call('POST', `/api/invitations/${invitation.body.id}/accept`, { as: viewer, body: { secret: invitation.body.secret } })).status).toBe(200);
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  describe('reading', () => {
    it('a workspace never saved has version 0, no overrides and the built-in local defaults', async () => {
      const id = await createWorkspace('Fresh');
      const answer = await workspaceSettings(id);
      expect(answer.headers.get('etag')).toBe('"0"');
      expect(answer.body).toEqual({ effective: builtInSettings('local'), overrides: {}, defaults: builtInSettings('local'), policyViolations: [], version: 0 });
      expect(answer.body.effective.sharing.linkPolicy).toBe('public');
    });

    it('any member reads; the instance settings are the administrator’s alone', async () => {
      expect((await call('GET', `/api/workspaces/${workspaceId}/settings`, { as: viewer })).status).toBe(200);
      expect((await call('GET', '/api/instance/settings', { as: viewer })).status).toBe(403);
      const instance = await call('GET', '/api/instance/settings', { as: admin });
      expect(instance.status).toBe(200);
      expect(instance.body.policy).toEqual({ ...localPolicy, maxConcurrentStressRuns: 4 });
      expect(instance.body).toMatchObject({ defaults: {}, workspacesWithPolicyViolations: [] });
    });
  });

  describe('valid values are saved and read back in effective', () => {
    const provider = { id: providerId, kind: 'openai-compatible', name: 'Local model', model: 'llama3', baseUrl: 'http://127.0.0.1:11434/v1' };
    it.each([
      ['ai', { providers: [provider], taskRouting: { critique: providerId } }],
      ['github', { apiBaseUrl: 'https://github.example.test/api/v3', defaultRef: 'release/2.x' }],
      ['gitlab', { apiBaseUrl: '' }],
      ['bitbucket', { apiBaseUrl: 'http://10.1.2.3:7990/rest' }],
      ['azureDevOps', { apiBaseUrl: 'https://[::1]:8443/tfs' }],
      ['import', { maxFiles: 100_000, maxFileBytes: 1, maxTotalBytes: 1, excludeGlobs: [], maxArchiveBytes: 4_294_967_296 }],
      ['cost', { provider: 'azure', region: 'westeurope', currency: 'EUR', azurePricesBaseUrl: '', stalePriceAfterDays: 3650 }],
      ['simulation', { seed: 0, durationSeconds: 1, warmUpSeconds: 0, arrivalRatePerSecond: 0.5 }],
      ['privacy', { sendPrivateCodeToAi: true }],
      ['usage', { monthlyAiBudgetUsd: 1_000_000, maxScansPerDay: 0 }],
      ['notifications', { webhookUrl: 'http://localhost:9/hook' }],
      ['sharing', { linkPolicy: 'off', embedHosts: ['https://*.example.com', 'http://intranet:8080'] }],
    ])('%s', async (section, value) => {
      const answer = await saveOverrides({ [section]: value });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const read = await workspaceSettings();
      expect(read.body.effective[section]).toMatchObject(value);
      expect(read.body.overrides).toEqual({ [section]: section === 'ai' ? { ...value, providers: [expect.objectContaining(provider)] } : value });
    });

    it('a provider entry gets the defaults of its fields', async () => {
      await saveOverrides({ ai: { providers: [{ id: providerId.toUpperCase(), kind: 'openai', name: 'OpenAI', model: 'gpt-4o' }] } });
      const [stored] = (await workspaceSettings()).body.effective.ai.providers;
      expect(stored).toEqual({ id: providerId, kind: 'openai', name: 'OpenAI', model: 'gpt-4o', baseUrl: '', enabled: true, supportsStructuredOutput: true, supportsStreaming: true, temperature: null, timeoutSeconds: 60, monthlyBudgetUsd: null, requestsPerMinute: null });
    });
  });

  describe('invalid values are refused with 400 on their field', () => {
    const provider = { id: providerId, kind: 'openai', name: 'P', model: 'm' };
    it.each([
      ['ai.providers', { ai: { providers: Array.from({ length: 21 }, (_, i) => ({ ...provider, id: `${providerId.slice(0, -2)}${String(i).padStart(2, '0')}` })) } }],
      ['ai.providers[0].id', { ai: { providers: [{ ...provider, id: '00000000-0000-0000-0000-000000000000' }] } }],
      ['ai.providers[1].id', { ai: { providers: [provider, { ...provider }] } }],
      ['ai.providers[0].kind', { ai: { providers: [{ ...provider, kind: 'provider-a' }] } }],
      ['ai.providers[0].name', { ai: { providers: [{ ...provider, name: '' }] } }],
      ['ai.providers[0].model', { ai: { providers: [{ ...provider, model: '' }] } }],
      ['ai.providers[0].baseUrl', { ai: { providers: [{ ...provider, kind: 'openai-compatible' }] } }],
      ['ai.providers[0].temperature', { ai: { providers: [{ ...provider, temperature: 2.5 }] } }],
      ['ai.providers[0].timeoutSeconds', { ai: { providers: [{ ...provider, timeoutSeconds: 601 }] } }],
      ['ai.providers[0].requestsPerMinute', { ai: { providers: [{ ...provider, requestsPerMinute: 0 }] } }],
      ['ai.providers[0].baseUrl', { ai: { providers: [{ ...provider, baseUrl: 'https://u:p@models.test/' }] } }],
      ['ai.taskRouting.explain', { ai: { taskRouting: { explain: providerId } } }],
      ['ai.taskRouting.explain', { ai: { providers: [{ ...provider, enabled: false, model: '' }], taskRouting: { explain: providerId } } }],
      ['github.apiBaseUrl', { github: { apiBaseUrl: '' } }],
      ['github.apiBaseUrl', { github: { apiBaseUrl: 'ftp://github.test/' } }],
      ['github.apiBaseUrl', { github: { apiBaseUrl: `https://github.test/${'a'.repeat(2000)}` } }],
      ['github.defaultRef', { github: { defaultRef: 'main branch' } }],
      ['github.defaultRef', { github: { defaultRef: 'a'.repeat(256) } }],
      ['gitlab.apiBaseUrl', { gitlab: { apiBaseUrl: 'gitlab.test' } }],
      ['import.maxFiles', { import: { maxFiles: 0 } }],
      ['import.maxFiles', { import: { maxFiles: 1.5 } }],
      ['import.maxFileBytes', { import: { maxFileBytes: 16_777_217 } }],
      ['import.maxTotalBytes', { import: { maxFileBytes: 1000, maxTotalBytes: 999 } }],
      ['import.excludeGlobs[0]', { import: { excludeGlobs: [''] } }],
      ['import.maxArchiveBytes', { import: { maxArchiveBytes: 1_048_575 } }],
      ['cost.currency', { cost: { currency: 'usd' } }],
      ['cost.region', { cost: { region: 'r'.repeat(101) } }],
      ['cost.stalePriceAfterDays', { cost: { stalePriceAfterDays: 0 } }],
      ['simulation.seed', { simulation: { seed: 2_147_483_648 } }],
      ['simulation.warmUpSeconds', { simulation: { durationSeconds: 10, warmUpSeconds: 10 } }],
      ['simulation.arrivalRatePerSecond', { simulation: { arrivalRatePerSecond: 0 } }],
      ['usage.monthlyAiBudgetUsd', { usage: { monthlyAiBudgetUsd: -1 } }],
      ['usage.maxScansPerDay', { usage: { maxScansPerDay: 10_001 } }],
      ['notifications.webhookUrl', { notifications: { webhookUrl: 'mailto:ops@example.test' } }],
      ['sharing.linkPolicy', { sharing: { linkPolicy: 'private' } }],
      ['sharing.embedHosts[0]', { sharing: { embedHosts: ['https://example.com/path'] } }],
      // unknown field, null where not allowed, wrong type, control characters in values and field names
      ['github.token', { github: { token: 'x' } }],
      ['unknown', { unknown: {} }],
      ['import.maxFiles', { import: { maxFiles: null } }],
      ['import', { import: null }],
      ['privacy.sendPrivateCodeToAi', { privacy: { sendPrivateCodeToAi: 'yes' } }],
      ['import.excludeGlobs', { import: { excludeGlobs: 'dist/**' } }],
      ['cost.provider', { cost: { provider: 'az\u0007ure' } }],
      ['cost.re\ngion', { cost: { 're\ngion': 'x' } }],
    ] as const)('400 on %s', async (field, overrides) => {
      const answer = await saveOverrides(overrides);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.type).toBe('validation_error');
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('a repeated field is refused and nothing is saved', async () => {
      const before = await workspaceSettings();
      const answer = await call('PUT', `/api/workspaces/${workspaceId}/settings`, { as: admin, text: '{"usage":{"maxScansPerDay":1,"maxScansPerDay":2}}', ifMatch: before.headers.get('etag')! });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toContain('maxScansPerDay');
      expect((await workspaceSettings()).body.version).toBe(before.body.version);
    });
  });

  describe('versions, ETag and If-Match', () => {
    it('each save raises the version by one; a stale If-Match is 409 and saves nothing', async () => {
      const id = await createWorkspace('Versions');
      const first = await call('PUT', `/api/workspaces/${id}/settings`, { as: admin, body: { usage: { maxScansPerDay: 5 } }, ifMatch: '"0"' });
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toBe('"1"');
      expect(first.body.version).toBe(1);
      const second = await call('PUT', `/api/workspaces/${id}/settings`, { as: admin, body: { usage: { maxScansPerDay: 6 } }, ifMatch: '"1"' });
      expect(second.body.version).toBe(2);
      const stale = await call('PUT', `/api/workspaces/${id}/settings`, { as: admin, body: { usage: { maxScansPerDay: 7 } }, ifMatch: '"1"' });
      expect(stale.status).toBe(409);
      expect(stale.body.type).toBe('conflict');
      const read = await workspaceSettings(id);
      expect(read.headers.get('etag')).toBe('"2"');
      expect(read.body.effective.usage.maxScansPerDay).toBe(6);
    });

    it('without If-Match: 428 precondition_required', async () => {
      const answer = await call('PUT', `/api/workspaces/${workspaceId}/settings`, { as: admin, body: {} });
      expect(answer.status).toBe(428);
      expect(answer.body.type).toBe('precondition_required');
      expect((await call('PUT', '/api/instance/settings', { as: admin, body: { policy: localPolicy, defaults: {} } })).status).toBe(428);
    });

    it.each(['3', 'W/"3"', '*', '"a"', '"1", "2"', '"-1"'])('If-Match %s is a validation_error on If-Match', async (ifMatch) => {
      const answer = await call('PUT', `/api/workspaces/${workspaceId}/settings`, { as: admin, body: {}, ifMatch });
      expect(answer.status).toBe(400);
      expect(answer.body.type).toBe('validation_error');
      expect(answer.body.errors).toEqual([{ field: 'If-Match', message: expect.any(String) }]);
    });

    it('bodies over 65536 (workspace) and 69632 (instance) bytes get 413 before they are read', async () => {
      const big = (size: number) => `{"cost":{"region":"${'r'.repeat(size - 22)}"}}`;
      expect(Buffer.byteLength(big(65_537))).toBe(65_537);
      expect((await call('PUT', `/api/workspaces/${workspaceId}/settings`, { as: admin, text: big(65_537), ifMatch: '"0"' })).status).toBe(413);
      expect((await call('PUT', `/api/workspaces/${workspaceId}/settings`, { as: admin, text: big(65_536), ifMatch: '"0"' })).status).not.toBe(413);
      expect((await call('PUT', '/api/instance/settings', { as: admin, text: big(69_633), ifMatch: '"0"' })).status).toBe(413);
      expect((await call('PUT', '/api/instance/settings', { as: admin, text: big(69_632), ifMatch: '"0"' })).status).toBe(400);
    });
  });

  describe('who may save', () => {
    it('a viewer gets 403; an agent token of an owner gets 403 (signed in as a person)', async () => {
      expect((await call('PUT', `/api/workspaces/${workspaceId}/settings`, { as: viewer, body: {}, ifMatch: '"0"' })).status).toBe(403);
      const token = await call('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { as: admin, body: { name: 'ci', scopes: ['read', 'push'] } });
      expect(token.status).toBe(201);
      expect((await call('GET', `/api/workspaces/${workspaceId}/settings`, { bearer: token.body.token })).status).toBe(200);
      expect((await call('PUT', `/api/workspaces/${workspaceId}/settings`, { bearer: token.body.token, body: {}, ifMatch: '"0"' })).status).toBe(403);
      expect((await call('PUT', '/api/instance/settings', { as: viewer, body: { policy: localPolicy, defaults: {} }, ifMatch: '"0"' })).status).toBe(403);
    });
  });

  describe('instance settings', () => {
    it.each([
      ['policy.maxConcurrentStressRuns', { policy: { ...localPolicy, maxConcurrentStressRuns: 65 }, defaults: {} }],
      ['policy.maxConcurrentStressRuns', { policy: { ...localPolicy, maxConcurrentStressRuns: 0 }, defaults: {} }],
      ['policy.allowSelfRegistration', { policy: { ...localPolicy, allowSelfRegistration: undefined }, defaults: {} }],
      ['policy.allowedAiProviderKinds', { policy: { ...localPolicy, allowedAiProviderKinds: ['openai', 'openai'] }, defaults: {} }],
      ['policy.extra', { policy: { ...localPolicy, extra: true }, defaults: {} }],
      ['defaults', { policy: localPolicy }],
      ['version', { policy: localPolicy, defaults: {}, version: 1 }],
      ['defaults.import.maxFiles', { policy: localPolicy, defaults: { import: { maxFiles: 0 } } }],
      ['defaults.privacy.sendPrivateCodeToAi', { policy: { ...localPolicy, allowSendingPrivateCodeToAi: false }, defaults: { privacy: { sendPrivateCodeToAi: true } } }],
      ['defaults.gitlab.apiBaseUrl', { policy: { ...localPolicy, allowPrivateNetworkUrls: false }, defaults: { gitlab: { apiBaseUrl: 'http://localhost:8929/api/v4' } } }],
    ] as const)('400 on %s', async (field, body) => {
      const answer = await saveInstance(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('maxConcurrentStressRuns left out means 4; a key left out of the defaults takes the built-in; a workspace key left out returns to the instance default', async () => {
      const saved = await saveInstance({ policy: localPolicy, defaults: { import: { maxFiles: 500 } } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.policy.maxConcurrentStressRuns).toBe(4);
      expect(saved.headers.get('etag')).toBe(`"${saved.body.version}"`);
      const id = await createWorkspace('Defaults');
      expect((await workspaceSettings(id)).body.defaults.import).toEqual({ ...builtInSettings('local').import, maxFiles: 500 });
      await saveOverrides({ import: { maxFiles: 10 } }, id);
      expect((await workspaceSettings(id)).body.effective.import.maxFiles).toBe(10);
      await saveOverrides({}, id);
      expect((await workspaceSettings(id)).body.effective.import.maxFiles).toBe(500);
      expect((await saveInstance({ policy: localPolicy, defaults: {} })).status).toBe(200);
      expect((await workspaceSettings(id)).body.effective.import.maxFiles).toBe(2000);
    });

    it('the stored policy decides registration and what GET /api/instance says', async () => {
      expect((await saveInstance({ policy: { ...localPolicy, allowSelfRegistration: true }, defaults: {} })).status).toBe(200);
      expect((await call('GET', '/api/instance', { as: viewer })).body.allowSelfRegistration).toBe(true);
      const registered = await call('POST', '/api/auth/register', { body: { email: 'newcomer@example.test', password, name: 'Newcomer' } });
      expect(registered.status).toBe(201);
      expect((await saveInstance({ policy: localPolicy, defaults: {} })).status).toBe(200);
      expect((await call('GET', '/api/instance', { as: viewer })).body.allowSelfRegistration).toBe(false);
      expect((await call('POST', '/api/auth/register', { body: { email: 'late@example.test', password, name: 'Late' } })).status).toBe(403);
    });
  });

  describe('policy on every read', () => {
    it('values the policy refuses stay stored, do not apply, and are listed until the policy allows them again', async () => {
      const id = await createWorkspace('Policy');
      const provider = { id: providerId, kind: 'gemini', name: 'Gemini', model: 'gemini-2.0' };
      const overrides = { ai: { providers: [provider], taskRouting: { explain: providerId } }, privacy: { sendPrivateCodeToAi: true }, notifications: { webhookUrl: 'http://127.0.0.1:9/hook' } };
      expect((await saveOverrides(overrides, id)).status).toBe(200);
      expect((await workspaceSettings(id)).body.policyViolations).toEqual([]);

      const strict = { ...localPolicy, allowPrivateNetworkUrls: false, allowSendingPrivateCodeToAi: false, allowedAiProviderKinds: ['openai'] };
      expect((await saveInstance({ policy: strict, defaults: {} })).status).toBe(200);
      const read = (await workspaceSettings(id)).body;
      expect(read.policyViolations.map((v: { field: string }) => v.field).sort()).toEqual(['ai.providers[0].kind', 'ai.taskRouting.explain', 'notifications.webhookUrl', 'privacy.sendPrivateCodeToAi']);
      expect(read.effective.privacy.sendPrivateCodeToAi).toBe(false);
      expect(read.effective.notifications.webhookUrl).toBeNull();
      expect(read.effective.ai.providers).toEqual([]);
      expect(read.effective.ai.taskRouting.explain).toBeNull();
      expect(read.overrides.privacy.sendPrivateCodeToAi).toBe(true);
      const instance = (await call('GET', '/api/instance/settings', { as: admin })).body;
      expect(instance.workspacesWithPolicyViolations).toEqual([{ workspaceId: id, name: 'Policy', policyViolations: read.policyViolations }]);

      // Under this policy a save of the same values is refused.
      const refused = await saveOverrides(overrides, id);
      expect(refused.status).toBe(400);
      expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['privacy.sendPrivateCodeToAi', 'ai.providers[0].kind', 'notifications.webhookUrl']));
      const privateName = await saveOverrides({ github: { apiBaseUrl: 'https://localhost:8443/api' } }, id);
      expect(privateName.status).toBe(400);
      expect(privateName.body.errors[0]).toMatchObject({ field: 'github.apiBaseUrl', message: expect.stringContaining('private') });

      expect((await saveInstance({ policy: localPolicy, defaults: {} })).status).toBe(200);
      const after = (await workspaceSettings(id)).body;
      expect(after.policyViolations).toEqual([]);
      expect(after.effective.privacy.sendPrivateCodeToAi).toBe(true);
      expect(after.effective.ai.taskRouting.explain).toBe(providerId);
      expect((await call('GET', '/api/instance/settings', { as: admin })).body.workspacesWithPolicyViolations).toEqual([]);
    });
  });

  describe('audit', () => {
    it('a save records which keys changed, never their values', async () => {
      const id = await createWorkspace('Audited');
      await saveOverrides({ cost: { region: 'secret-region-name' }, usage: { maxScansPerDay: 3 } }, id);
      const audit = await call('GET', `/api/workspaces/${id}/audit`, { as: admin });
      const entry = audit.body.items.find((item: { action: string }) => item.action === 'settings.replace');
      expect(entry.detail).toEqual({ changedKeys: ['cost.region', 'usage.maxScansPerDay'], version: 1 });
      expect(JSON.stringify(audit.body)).not.toContain('secret-region-name');
      const instance = await call('GET', '/api/instance/audit', { as: admin });
      expect(instance.body.items.some((item: { action: string }) => item.action === 'settings.instance.replace')).toBe(true);
    });
  });
});
