import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAiProvider, type FakeAiServer, type ProviderKind } from '../support/fake-ai';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-hosts/fake-github';
import { type FakeHttpServer, sendJson, startFakeHttpServer } from '../support/fake-hosts/fake-http-server';
import { expectProblem, type CallOptions } from '../support/http-client';
import { type ModelService, startModelService } from '../support/model-api';

/**
 * docs/security.md "Outbound requests", from outside: a provider, git host or price catalog that
 * answers with a redirect to another origin never gets that origin called (nor the credential
 * sent there), and a git host address whose name resolves to a private address at send time is
 * not called while the policy refuses private network URLs, whatever it resolved to when saved.
 */

const kinds: ProviderKind[] = ['openai', 'anthropic', 'gemini', 'openai-compatible'];
const gcpKey = 'AIzaOutboundTestKey';

describe('outbound requests through the one guarded client', () => {
  let m: ModelService;
  let workspaceId: string;
  let projectId: string;
  /** Records what reaches it; it should never be reached. */
  let elsewhere: FakeHttpServer;
  /** Answers every request with 302 to the same path on `elsewhere`. */
  let redirector: FakeHttpServer;
  let github: FakeGitHub;
  const api = (method: string, path: string, options: CallOptions = {}) => m.api(method, path, { session: m.admin.session, ...options });

  async function saveOverrides(change: Record<string, unknown>): Promise<void> {
    const current = await api('GET', `/api/workspaces/${workspaceId}/settings`);
    const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { json: { ...current.json.overrides, ...change }, headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
  }

  async function savePolicy(allowPrivateNetworkUrls: boolean): Promise<void> {
    const current = await api('GET', '/api/instance/settings');
    const saved = await api('PUT', '/api/instance/settings', { json: { policy: { ...current.json.policy, allowPrivateNetworkUrls }, defaults: current.json.defaults }, headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
  }

  async function saveSecret(name: string, value: string): Promise<void> {
    const saved = await api('PUT', `/api/workspaces/${workspaceId}/secrets/${encodeURIComponent(name)}`, { json: { value } });
    expect(saved.status, saved.text).toBe(204);
  }

  beforeAll(async () => {
    elsewhere = await startFakeHttpServer((_request, response) => sendJson(response, 200, { reached: true }));
    redirector = await startFakeHttpServer((request, response) => {
      response.writeHead(302, { location: `${elsewhere.origin}${request.rawPath}`, 'content-length': 0 });
      response.end();
    });
    github = await startFakeGitHub({ repositories: [{ fullName: 'acme/shop', defaultBranch: 'main' }], token: 'ghp_outbound', organizations: ['acme'] });
    m = await startModelService({ Svc__Prices__AwsPriceListUrl: redirector.origin, Svc__Prices__GcpBillingUrl: redirector.origin });
    workspaceId = await m.createWorkspace('Outbound');
    projectId = (await m.createProject(workspaceId, 'Shop')).id;
  }, 60_000);

  afterAll(async () => {
    await m?.stop();
    await Promise.all([elsewhere?.close(), redirector?.close(), github?.close()]);
  });

  for (const kind of kinds) {
    it(`${kind}: a provider answering 302 to another origin gets the unavailable answer; the other origin is never called`, async () => {
      const apiPath = kind === 'openai' || kind === 'openai-compatible' ? '/v1' : '';
      const server = { kind: kind === 'openai-compatible' ? 'openai' : kind, baseUrl: `${redirector.origin}${apiPath}`, apiKey: `key-${kind}` } as unknown as FakeAiServer;
      await configureAiProvider({ serviceUrl: m.service.url, session: m.admin.session, workspaceId, server, kind, tasks: ['explain'], provider: { supportsStreaming: kind === 'gemini' } });
      const before = redirector.requests.length;
      const answer = await api('POST', `/api/projects/${projectId}/ai/explain`, { json: { target: null, question: 'What is this?', branchId: null } });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ status: 'unavailable', reason: 'provider-error', detail: expect.stringContaining('redirected the call to another address') });
      expect(redirector.requests.length).toBe(before + 1);
      expect(elsewhere.requests).toEqual([]);
    });
  }

  it('a git host answering 302 to another origin: the test and the repository list never reach it', async () => {
    await saveOverrides({ github: { apiBaseUrl: redirector.origin } });
    await saveSecret('github:token', 'ghp_outbound');
    const test = await api('POST', `/api/workspaces/${workspaceId}/github/test`);
    expect(test.status, test.text).toBe(200);
    expect(test.json).toMatchObject({ ok: false, message: expect.stringContaining('another origin, which is not followed') });
    const repositories = await api('GET', `/api/projects/${projectId}/sources/repositories?kind=github&owner=acme`);
    expect(repositories.status).toBeGreaterThanOrEqual(400);
    expect(elsewhere.requests).toEqual([]);
  });

  it('price catalogs answering 302 to another origin (Azure, AWS, Google with its key): 502, the other origin never called', async () => {
    await saveOverrides({ cost: { azurePricesBaseUrl: redirector.origin } });
    await saveSecret('gcp:apiKey', gcpKey);
    const azure = await api('GET', `/api/workspaces/${workspaceId}/prices/azure/meters?serviceName=Storage`);
    expectProblem(azure, 502);
    expectProblem(await api('GET', `/api/workspaces/${workspaceId}/prices/aws/services`), 502);
    const gcp = await api('GET', `/api/workspaces/${workspaceId}/prices/gcp/services`);
    expectProblem(gcp, 502);
    expect(gcp.text).not.toContain(gcpKey);
    expect(elsewhere.requests).toEqual([]);
  });

  it('a git host name that resolves to a private address now is not called while the policy refuses private network URLs', async (context) => {
    const name = hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    if (!addresses.some((entry) => entry.address === '127.0.0.1')) {
      console.log(`skipped: this machine's name ${name} does not resolve to 127.0.0.1, where the fake host listens`);
      context.skip();
    }
    // Saved while private addresses are allowed, as a public answer at save time would let it be.
    const apiBaseUrl = github.apiBaseUrl.replace('127.0.0.1', name);
    await savePolicy(true);
    await saveOverrides({ github: { apiBaseUrl } });
    await saveSecret('github:token', 'ghp_outbound');
    let mark = github.requests.length;
    const allowed = await api('POST', `/api/workspaces/${workspaceId}/github/test`);
    expect(allowed.json, allowed.text).toMatchObject({ ok: true, apiBaseUrl });
    expect(github.requests.length).toBeGreaterThan(mark);

    await savePolicy(false);
    try {
      mark = github.requests.length;
      const refused = await api('POST', `/api/workspaces/${workspaceId}/github/test`);
      expect(refused.status, refused.text).toBe(200);
      expect(refused.json).toMatchObject({ ok: false, message: expect.stringMatching(/private, loopback or link-local/) });
      const listed = await api('GET', `/api/projects/${projectId}/sources/repositories?kind=github&owner=acme`);
      expect(listed.status, listed.text).toBeGreaterThanOrEqual(400);
      expect(listed.text).toMatch(/private, loopback or link-local/);
      expect(github.requests.length).toBe(mark);
    } finally {
      await savePolicy(true);
    }
  });

  it('the IPv6 spellings of 127.0.0.1 (SIIT, 6to4, local NAT64) are refused on save for the webhook, git hosts, price catalogs and AI', async () => {
    await savePolicy(false);
    try {
      for (const host of ['[::ffff:0:7f00:1]', '[2002:7f00:1::]', '[64:ff9b:1::7f00:1]']) {
        const url = `https://${host}:8443/api`;
        for (const change of [{ notifications: { webhookUrl: url } }, { github: { apiBaseUrl: url } }, { gitlab: { apiBaseUrl: url } }, { cost: { azurePricesBaseUrl: url } }]) {
          const current = await api('GET', `/api/workspaces/${workspaceId}/settings`);
          const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { json: { ...current.json.overrides, ...change }, headers: { 'if-match': current.headers.get('etag')! } });
          const problem = expectProblem(saved, 400, 'validation_error');
          expect(problem.errors[0], `${JSON.stringify(change)}`).toMatchObject({ message: expect.stringMatching(/private, loopback or link-local/) });
        }
        const current = await api('GET', `/api/workspaces/${workspaceId}/settings`);
        const provider = { id: '7a1c0000-0000-4000-8000-00000000f6f6', kind: 'openai-compatible', name: 'Inside', model: 'm', baseUrl: `${url}/v1` };
        const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { json: { ...current.json.overrides, ai: { providers: [provider] } }, headers: { 'if-match': current.headers.get('etag')! } });
        expect(expectProblem(saved, 400, 'validation_error').errors[0]).toMatchObject({ message: expect.stringMatching(/private, loopback or link-local/) });
      }
    } finally {
      await savePolicy(true);
    }
  });
});
