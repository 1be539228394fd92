import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../lib/platform/net/private-address';
import { aiProviderKinds, builtInSettings } from '../../lib/features/settings/settings-schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { call, expectProblem, sessionCookieOf, strongPassword, type CallOptions, type HttpAnswer } from '../support/http-client';

/**
 * The settings endpoints of a hosted server, seen from outside: the hosted
 * built-in policy and defaults (part 2 "Settings document" table), https only
 * for the URL keys, and no private hosts while private network URLs are off.
 * Every URL here is an IP literal, `localhost` or a name of /etc/hosts, so
 * nothing leaves the machine.
 */

const setupToken = 'hosted-settings-setup-token-0123';
const hostedPolicy = { allowSelfRegistration: true, allowPrivateNetworkUrls: false, allowedAiProviderKinds: [...aiProviderKinds], allowSendingPrivateCodeToAi: false, maxConcurrentStressRuns: 4 };

describe('settings in the hosted profile', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let session: string;
  let workspaceId: string;
  let addressCounter = 0;

  /** A call as a browser behind the proxy: HTTPS, a client address of its own, the admin's session. */
  function api(method: string, path: string, options: CallOptions = {}): Promise<HttpAnswer> {
    addressCounter++;
    return call(service.url, method, path, {
      session,
      ...options,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': `203.0.113.${addressCounter % 250}`, ...(options.headers ?? {}) },
    });
  }

  async function saveOverrides(overrides: unknown, id = workspaceId): Promise<HttpAnswer> {
    const current = await api('GET', `/api/workspaces/${id}/settings`);
    expect(current.status).toBe(200);
    return api('PUT', `/api/workspaces/${id}/settings`, { json: overrides, headers: { 'if-match': current.headers.get('etag')! } });
  }

  async function savePolicy(policy: typeof hostedPolicy): Promise<void> {
    const current = await api('GET', '/api/instance/settings');
    const answer = await api('PUT', '/api/instance/settings', { json: { policy, defaults: {} }, headers: { 'if-match': current.headers.get('etag')! } });
    expect(answer.status, answer.text).toBe(200);
  }

  function refusedOn(answer: HttpAnswer, field: string): string {
    const problem = expectProblem(answer, 400, 'validation_error');
    const error = problem.errors.find((e) => e.field === field);
    expect(error, JSON.stringify(problem.errors)).toBeDefined();
    return error!.message;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({
      Svc__Profile: 'hosted',
      Svc__MasterKey: Buffer.alloc(32, 7).toString('base64'),
      Svc__SetupToken: setupToken,
      Svc__SecureCookies: 'true',
      Svc__TrustedProxies: '127.0.0.1',
      AllowedHosts: '127.0.0.1',
      ConnectionStrings__DefaultConnection: database.url,
    });
    const setup = await api('POST', '/api/setup', { session: undefined, json: { setupToken, email: 'admin@example.test', password: strongPassword, name: 'Admin' } });
    expect(setup.status, setup.text).toBe(201);
    const cookie = sessionCookieOf(setup);
    expect(cookie.attributes.map((a) => a.toLowerCase())).toContain('secure');
    session = cookie.value;
    const workspace = await api('POST', '/api/workspaces', { json: { name: 'Hosted' } });
    expect(workspace.status, workspace.text).toBe(201);
    workspaceId = workspace.json.id;
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  describe('built-in defaults of the hosted profile', () => {
    it('the policy: self-registration on, private network URLs and sending private code to AI off', async () => {
      const instance = await api('GET', '/api/instance/settings');
      expect(instance.status).toBe(200);
      expect(instance.headers.get('etag')).toBe('"0"');
      expect(instance.json).toMatchObject({ policy: hostedPolicy, defaults: {}, version: 0, workspacesWithPolicyViolations: [] });
    });

    it('a workspace never saved has sharing.linkPolicy password-only and the hosted built-ins', async () => {
      const read = await api('GET', `/api/workspaces/${workspaceId}/settings`);
      expect(read.status).toBe(200);
      expect(read.json.effective.sharing.linkPolicy).toBe('password-only');
      expect(read.json.effective).toEqual(builtInSettings('hosted'));
      expect(read.json.defaults).toEqual(builtInSettings('hosted'));
      expect(read.json.policyViolations).toEqual([]);
    });

    it('anyone may register, as allowSelfRegistration says', async () => {
      const answer = await api('POST', '/api/auth/register', { session: undefined, json: { email: 'newcomer@example.test', password: strongPassword, name: 'Newcomer' } });
      expect(answer.status, answer.text).toBe(201);
    });

    it('sharing.embedHosts takes https origins only', async () => {
      expect(refusedOn(await saveOverrides({ sharing: { embedHosts: ['https://wiki.example.com', 'http://intranet.example.com'] } }), 'sharing.embedHosts[1]')).toMatch(/https/);
      expect((await saveOverrides({ sharing: { embedHosts: ['https://*.example.com'] } })).status).toBe(200);
      expect((await api('GET', `/api/workspaces/${workspaceId}/settings`)).json.effective.sharing.embedHosts).toEqual(['https://*.example.com']);
    });

    it('sending private code to AI is refused while the policy forbids it', async () => {
      const message = refusedOn(await saveOverrides({ privacy: { sendPrivateCodeToAi: true } }), 'privacy.sendPrivateCodeToAi');
      expect(message).toMatch(/allowSendingPrivateCodeToAi/);
    });
  });

  describe('URL keys', () => {
    const publicHttps = 'https://93.184.215.14/api/v3';
    const publicHttp = 'http://93.184.215.14/api/v3';

    it('https to a public address is saved; plain http to it is refused', async () => {
      expect((await saveOverrides({ github: { apiBaseUrl: publicHttps } })).status).toBe(200);
      expect(refusedOn(await saveOverrides({ github: { apiBaseUrl: publicHttp } }), 'github.apiBaseUrl')).toMatch(/https/);
      expect(refusedOn(await saveOverrides({ notifications: { webhookUrl: 'http://93.184.215.14/hook' } }), 'notifications.webhookUrl')).toMatch(/https/);
      expect((await api('GET', `/api/workspaces/${workspaceId}/settings`)).json.effective.github.apiBaseUrl).toBe(publicHttps);
    });

    it.each([
      ['localhost', 'https://localhost:8443/api'],
      ['a name under .localhost', 'https://git.localhost/api'],
      ['127.0.0.1', 'https://127.0.0.1:8443/api'],
      ['::1', 'https://[::1]/api'],
      ['127.0.0.1 written as IPv6', 'https://[::ffff:7f00:1]/api'],
      ['a private network address', 'https://10.1.2.3:7990/rest'],
    ])('%s is refused while private network URLs are off', async (_, url) => {
      const message = refusedOn(await saveOverrides({ gitlab: { apiBaseUrl: url } }), 'gitlab.apiBaseUrl');
      expect(message).toMatch(/private/);
    });

    it('this machine’s own name, when it resolves to private addresses, is refused (the resolver is asked)', async (context) => {
      const name = hostname();
      const addresses = (await lookup(name, { all: true }).catch(() => [])).map((a) => a.address);
      if (addresses.length === 0 || !addresses.every(isPrivateAddress)) {
        console.log(`skipped: this machine's name ${name} does not resolve to private addresses only (${addresses.join(', ') || 'no address'}), so it cannot show the resolver's refusal`);
        context.skip();
      }
      expect(refusedOn(await saveOverrides({ bitbucket: { apiBaseUrl: `https://${name}/rest` } }), 'bitbucket.apiBaseUrl')).toMatch(/private/);
    });

    it('a refused URL saves nothing', async () => {
      const before = await api('GET', `/api/workspaces/${workspaceId}/settings`);
      expect((await saveOverrides({ usage: { maxScansPerDay: 3 }, gitlab: { apiBaseUrl: 'https://localhost/api' } })).status).toBe(400);
      const after = await api('GET', `/api/workspaces/${workspaceId}/settings`);
      expect(after.json.version).toBe(before.json.version);
      expect(after.json.overrides).toEqual(before.json.overrides);
    });

    it('with private network URLs allowed, plain http is accepted to a private host only', async () => {
      await savePolicy({ ...hostedPolicy, allowPrivateNetworkUrls: true });
      try {
        for (const url of ['http://10.1.2.3:7990/rest', 'http://127.0.0.1:7990/rest', 'http://localhost:7990/rest', 'https://localhost:8443/rest']) {
          const answer = await saveOverrides({ bitbucket: { apiBaseUrl: url } });
          expect(answer.status, `${url}: ${answer.text}`).toBe(200);
          expect((await api('GET', `/api/workspaces/${workspaceId}/settings`)).json.effective.bitbucket.apiBaseUrl).toBe(url);
        }
        expect(refusedOn(await saveOverrides({ bitbucket: { apiBaseUrl: publicHttp } }), 'bitbucket.apiBaseUrl')).toMatch(/https/);
      } finally {
        await savePolicy(hostedPolicy);
      }
    });

    it('once private URLs are off again, the stored private URL does not apply and is listed as a violation', async () => {
      const read = await api('GET', `/api/workspaces/${workspaceId}/settings`);
      expect(read.json.overrides.bitbucket.apiBaseUrl).toBe('https://localhost:8443/rest');
      expect(read.json.effective.bitbucket.apiBaseUrl).toBe(builtInSettings('hosted').bitbucket.apiBaseUrl);
      expect(read.json.policyViolations).toEqual([{ field: 'bitbucket.apiBaseUrl', message: expect.stringMatching(/private/) }]);
    });
  });
});
