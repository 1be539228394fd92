import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDeployment } from '../../infra/generate-template';
import { serviceRoutes as routes } from '../../functions/routes';
import { strongPassword } from '../support/http-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { apiGatewayEvent, projectRoot, startBundle, type ApiRequestOptions, type RunningBundle } from './lambda-bundle';

/**
 * Every route bundle (dist/functions/<group>/handler.mjs, `npm run build`) run
 * as Lambda runs it: copied alone to a folder with no node_modules, started
 * with plain node and the environment the route stacks (infra/stacks/) give, invoked with
 * API Gateway HTTP API events, against a real database.
 */
const host = 'svc.example.test';
const setupToken = randomBytes(12).toString('hex');

function templateEnvironment(database: TestDatabase): Record<string, string> {
  return {
    Svc__Profile: 'hosted',
    ConnectionStrings__DefaultConnection: database.url,
    Svc__MasterKey: randomBytes(32).toString('base64'),
    Svc__PreviousMasterKey: '',
    Svc__SetupToken: setupToken,
    AllowedHosts: host,
    Svc__PublicUrl: `https://${host}`,
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    LOG_LEVEL: 'warn',
    Database__MigrateOnStartup: 'false',
    Database__MaxPoolSize: '2',
    NODE_OPTIONS: '--enable-source-maps',
  };
}

describe('the environment the route bundles run with here', () => {
  it('sets every variable the route stacks give their functions, and no other', () => {
    const variableSets = generateDeployment(routes)
      .filter((file) => file.stack)
      .map((file) => Object.keys((file.template.Globals as { Function: { Environment: { Variables: object } } }).Function.Environment.Variables).sort());
    expect(variableSets.length).toBeGreaterThan(0);
    const given = Object.keys(templateEnvironment({ url: 'postgres://unused' } as TestDatabase)).sort();
    for (const variables of variableSets) expect(given).toEqual(variables);
  });
});

/** What a browser on the service's own pages sends with a request that changes something. */
const sameOrigin = { origin: `https://${host}`, 'sec-fetch-site': 'same-origin' };

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  cookies?: string[];
  isBase64Encoded?: boolean;
  json: any;
}

describe('route bundles without node_modules (hosted profile, as the route stacks configure them)', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  const running = new Map<string, RunningBundle>();
  let groups: string[];
  let session: string[] = [];
  const ids: Record<string, string> = {};

  async function call(group: string, method: string, route: string, options: ApiRequestOptions = {}): Promise<Answer> {
    let bundle = running.get(group);
    if (!bundle) {
      bundle = await startBundle(`functions/${group}`, env);
      running.set(group, bundle);
    }
    const outcome = await bundle.invoke(apiGatewayEvent(method, route, options, host));
    if (outcome.kind === 'threw') expect.fail(`${group}: ${method} ${route} threw out of the handler: ${outcome.message}\n${bundle.output()}`);
    const answer = outcome.value as Answer;
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      json = undefined;
    }
    return { ...answer, json };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    env = templateEnvironment(database);
    groups = (await readdir(join(projectRoot, 'dist/functions'), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...running.values()].map((b) => b.stop()));
    await database?.drop();
  });

  it('health: GET /health answers 200 Healthy from the database, and GET /health/live 200', async () => {
    const answer = await call('health', 'GET', '/health');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('Healthy');
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=/);
    expect((await call('health', 'GET', '/health/live')).statusCode).toBe(200);
  });

  it('setup: the status says setup is due with the token, and POST /api/setup answers 201 with a Secure session cookie', async () => {
    const status = await call('setup', 'GET', '/api/setup/status');
    expect(status.statusCode).toBe(200);
    expect(status.json).toMatchObject({ requiresSetup: true, requiresSetupToken: true });

    const setup = await call('setup', 'POST', '/api/setup', {
      headers: sameOrigin,
      json: { setupToken, email: 'admin@example.test', name: 'Ada Admin', password: strongPassword },
    });
    expect(setup.statusCode, setup.body).toBe(201);
    const cookie = setup.cookies?.find((c) => c.startsWith('svc_session='));
    expect(cookie).toMatch(/; Secure/);
    session = [cookie!.split(';')[0]!];
    ids.workspaceId = setup.json.workspace.id;
  });

  it('auth: GET /api/auth/me answers 200 with the person signed in by setup', async () => {
    const me = await call('auth', 'GET', '/api/auth/me', { cookies: session });
    expect(me.statusCode, me.body).toBe(200);
    expect(JSON.stringify(me.json)).toContain('admin@example.test');
  });

  it('instance: GET /api/instance answers 200 with the hosted profile', async () => {
    const instance = await call('instance', 'GET', '/api/instance', { cookies: session });
    expect(instance.statusCode, instance.body).toBe(200);
    expect(instance.json.profile).toBe('hosted');
  });

  it('workspaces: POST /api/workspaces/{id}/projects answers 201 and GET /api/workspaces lists Default', async () => {
    const created = await call('workspaces', 'POST', '/api/workspaces/{workspaceId}/projects', {
      params: { workspaceId: ids.workspaceId! },
      cookies: session,
      headers: sameOrigin,
      json: { name: 'Bundled' },
    });
    expect(created.statusCode, created.body).toBe(201);
    ids.projectId = created.json.id;
    const list = await call('workspaces', 'GET', '/api/workspaces', { cookies: session });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json)).toContain('Default');
  });

  it('agent token for the MCP bundle: POST /api/workspaces/{id}/agent-tokens answers 201', async () => {
    const made = await call('workspaces', 'POST', '/api/workspaces/{workspaceId}/agent-tokens', {
      params: { workspaceId: ids.workspaceId! },
      cookies: session,
      headers: sameOrigin,
      json: { name: 'bundle test', scopes: ['read'], projectId: null, expiresAt: null },
    });
    expect(made.statusCode, made.body).toBe(201);
    ids.token = made.json.token;
  });

  // One real route of every other group, with the status it must answer.
  const checks: Record<string, () => Promise<void>> = {
    projects: async () => {
      const answer = await call('projects', 'GET', '/api/projects/{projectId}', { params: { projectId: ids.projectId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json.name).toBe('Bundled');
    },
    model: async () => {
      const answer = await call('model', 'GET', '/api/projects/{projectId}/export', { params: { projectId: ids.projectId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json.elements).toEqual([]);
    },
    facts: async () => {
      const answer = await call('facts', 'POST', '/api/projects/{projectId}/facts/{entityType}/{entityId}/accept', {
        params: { projectId: ids.projectId!, entityType: 'element', entityId: 'no-such-element' },
        cookies: session,
        headers: sameOrigin,
        json: {},
      });
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json.status).toBe(404);
    },
    scenarios: async () => {
      const answer = await call('scenarios', 'GET', '/api/projects/{projectId}/scenarios', { params: { projectId: ids.projectId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
    },
    exports: async () => {
      const answer = await call('exports', 'GET', '/api/projects/{projectId}/export/archdsl', { params: { projectId: ids.projectId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toContain('workspace');
    },
    streams: async () => {
      const answer = await call('streams', 'GET', '/api/projects/{projectId}/revisions', { params: { projectId: ids.projectId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
    },
    views: async () => {
      const answer = await call('views', 'GET', '/api/projects/{projectId}/views', { params: { projectId: ids.projectId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
    },
    'share-links': async () => {
      const view = await call('views', 'POST', '/api/projects/{projectId}/views', { params: { projectId: ids.projectId! }, cookies: session, headers: sameOrigin, json: { name: 'Shared', rootElementId: null } });
      expect(view.statusCode, view.body).toBe(201);
      ids.viewId = view.json.id;
      // The hosted profile's policy is password-only.
      const refused = await call('share-links', 'POST', '/api/projects/{projectId}/views/{viewId}/share-links', { params: { projectId: ids.projectId!, viewId: ids.viewId! }, cookies: session, headers: sameOrigin, json: {} });
      expect(refused.statusCode, refused.body).toBe(400);
      const made = await call('share-links', 'POST', '/api/projects/{projectId}/views/{viewId}/share-links', {
        params: { projectId: ids.projectId!, viewId: ids.viewId! },
        cookies: session,
        headers: sameOrigin,
        json: { password: 'Bundled password 1' },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json.url).toBe(`https://${host}/s/${made.json.token}`);
      ids.shareToken = made.json.token;
      const list = await call('share-links', 'GET', '/api/projects/{projectId}/views/{viewId}/share-links', { params: { projectId: ids.projectId!, viewId: ids.viewId! }, cookies: session });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json.items.map((l: { status: string }) => l.status)).toEqual(['active']);
    },
    share: async () => {
      const params = { token: ids.shareToken! };
      const form = await call('share', 'GET', '/s/{token}', { params });
      expect(form.statusCode, form.body).toBe(200);
      expect(form.body).toContain('<form method="post">');
      const posted = await call('share', 'POST', '/s/{token}', { params, headers: sameOrigin, form: { text: 'password=Bundled+password+1', contentType: 'application/x-www-form-urlencoded' } });
      expect(posted.statusCode, posted.body).toBe(303);
      const proof = posted.cookies?.find((c) => c.startsWith('svc_share='));
      expect(proof).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      const page = await call('share', 'GET', '/s/{token}', { params, cookies: [proof!.split(';')[0]!] });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
      expect(page.headers['x-frame-options']).toBe('DENY');
    },
    promises: async () => {
      const answer = await call('promises', 'GET', '/api/projects/{projectId}/promises', { params: { projectId: ids.projectId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
    },
    'load-tests': async () => {
      const defaults = await call('load-tests', 'GET', '/api/projects/{projectId}/stress/defaults', { params: { projectId: ids.projectId! }, cookies: session });
      expect(defaults.statusCode, defaults.body).toBe(200);
      expect(defaults.json.simulation).toEqual({ seed: 1, durationSeconds: 300, warmUpSeconds: 5, arrivalRatePerSecond: 10 });
      const targets = await call('load-tests', 'GET', '/api/projects/{projectId}/load-tests/targets', { params: { projectId: ids.projectId! }, cookies: session });
      expect(targets.statusCode, targets.body).toBe(200);
      expect(targets.json.items).toEqual([]);
    },
    ai: async () => {
      // No provider is routed: the explain answer is the 200 unavailable body, and the owner's call list is empty.
      const explained = await call('ai', 'POST', '/api/projects/{projectId}/ai/explain', { params: { projectId: ids.projectId! }, cookies: session, headers: sameOrigin, json: { target: null, question: null, branchId: null } });
      expect(explained.statusCode, explained.body).toBe(200);
      expect(explained.json).toMatchObject({ status: 'unavailable', task: 'explain', reason: 'no-provider' });
      const calls = await call('ai', 'GET', '/api/workspaces/{workspaceId}/ai/calls', { params: { workspaceId: ids.workspaceId! }, cookies: session });
      expect(calls.statusCode, calls.body).toBe(200);
      expect(calls.json).toEqual({ items: [], nextCursor: null });
      const usage = await call('ai', 'GET', '/api/workspaces/{workspaceId}/ai/usage', { params: { workspaceId: ids.workspaceId! }, cookies: session });
      expect(usage.statusCode, usage.body).toBe(200);
      expect(usage.json).toMatchObject({ totalUsd: '0', providers: [] });
    },
    comments: async () => {
      const answer = await call('comments', 'GET', '/api/projects/{projectId}/threads', { params: { projectId: ids.projectId! }, query: 'status=open', cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json).toEqual({ items: [], nextCursor: null });
    },
    'ai-proposals': async () => {
      // With no AI provider in the workspace: the unavailable answer, and an empty list.
      const asked = await call('ai-proposals', 'POST', '/api/projects/{projectId}/ai/flow-proposals', { params: { projectId: ids.projectId! }, cookies: session, headers: sameOrigin, json: { request: 'A customer pays', branchId: null, reviseScenarioId: null } });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json).toMatchObject({ status: 'unavailable', task: 'proposeFlow', reason: 'no-provider' });
      const list = await call('ai-proposals', 'GET', '/api/projects/{projectId}/ai/architecture-proposals', { params: { projectId: ids.projectId! }, cookies: session });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json).toEqual({ items: [], nextCursor: null });
    },
    costs: async () => {
      const sheet = await call('costs', 'GET', '/api/projects/{projectId}/costs', { params: { projectId: ids.projectId! }, cookies: session });
      expect(sheet.statusCode, sheet.body).toBe(200);
      expect(sheet.json).toMatchObject({ projectId: ids.projectId, version: 0, resources: [] });
      const estimate = await call('costs', 'GET', '/api/projects/{projectId}/costs/estimate', { params: { projectId: ids.projectId! }, query: 'asOf=2026-06-30', cookies: session });
      expect(estimate.statusCode, estimate.body).toBe(200);
      expect(estimate.json).toMatchObject({ asOf: '2026-06-30', totals: [], truthNote: 'estimate from declared prices and assumptions, not a bill' });
    },
    members: async () => {
      const answer = await call('members', 'GET', '/api/workspaces/{workspaceId}/members', { params: { workspaceId: ids.workspaceId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(JSON.stringify(answer.json)).toContain('admin@example.test');
    },
    settings: async () => {
      const answer = await call('settings', 'GET', '/api/workspaces/{workspaceId}/settings', { params: { workspaceId: ids.workspaceId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json.effective.sharing.linkPolicy).toBe('password-only');
    },
    secrets: async () => {
      const put = await call('secrets', 'PUT', '/api/workspaces/{workspaceId}/secrets/{name}', {
        params: { workspaceId: ids.workspaceId!, name: 'github:token' },
        cookies: session,
        headers: sameOrigin,
        json: { value: 'ghp_bundled' },
      });
      expect(put.statusCode, put.body).toBe(204);
      const answer = await call('secrets', 'GET', '/api/workspaces/{workspaceId}/secrets', { params: { workspaceId: ids.workspaceId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json.items.find((i: { name: string }) => i.name === 'github:token').status).toBe('ok');
      expect(answer.body).not.toContain('ghp_bundled');
    },
    webhooks: async () => {
      const answer = await call('webhooks', 'GET', '/api/workspaces/{workspaceId}/webhook-deliveries', { params: { workspaceId: ids.workspaceId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json).toEqual({ items: [], nextCursor: null });
    },
    sources: async () => {
      const made = await call('sources', 'POST', '/api/projects/{projectId}/sources', {
        params: { projectId: ids.projectId! },
        cookies: session,
        headers: sameOrigin,
        json: { kind: 'github', name: 'Bundled repo', repository: 'acme/bundled' },
      });
      expect(made.statusCode, made.body).toBe(201);
      ids.sourceId = made.json.id;
      // The hosted profile has no folder Sources.
      const folder = await call('sources', 'POST', '/api/projects/{projectId}/sources', { params: { projectId: ids.projectId! }, cookies: session, headers: sameOrigin, json: { kind: 'directory', name: 'F', repository: null, path: 'x' } });
      expect(folder.statusCode, folder.body).toBe(400);
      expect(folder.json.type).toBe('source_kind_not_in_profile');
      const queued = await call('sources', 'POST', '/api/projects/{projectId}/sources/{sourceId}/scans', {
        params: { projectId: ids.projectId!, sourceId: ids.sourceId! },
        cookies: session,
        headers: sameOrigin,
        json: { ref: null, includePaths: null, excludePaths: null },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      ids.scanId = queued.json.scanId;
    },
    scans: async () => {
      const scan = await call('scans', 'GET', '/api/projects/{projectId}/imports/{importId}', { params: { projectId: ids.projectId!, importId: ids.scanId! }, cookies: session });
      expect(scan.statusCode, scan.body).toBe(200);
      expect(scan.json.state).toBe('queued');
      const cancelled = await call('scans', 'POST', '/api/projects/{projectId}/imports/{importId}/cancel', { params: { projectId: ids.projectId!, importId: ids.scanId! }, cookies: session, headers: sameOrigin });
      expect(cancelled.statusCode, cancelled.body).toBe(202);
    },
    hosts: async () => {
      // The token saved by the secrets check is bound to api.github.com, which no test reaches: its status is answered without calling it.
      const answer = await call('hosts', 'GET', '/api/workspaces/{workspaceId}/gitlab/credential', { params: { workspaceId: ids.workspaceId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json).toMatchObject({ host: 'gitlab', isSet: false, status: 'not_set' });
    },
    prices: async () => {
      const made = await call('prices', 'POST', '/api/workspaces/{workspaceId}/prices', {
        params: { workspaceId: ids.workspaceId! },
        cookies: session,
        headers: sameOrigin,
        json: { provider: 'custom', region: null, sku: 'vm', description: null, unit: 'hour', unitPrice: 0.1, currency: 'USD', effectiveDate: '2025-01-01' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const answer = await call('prices', 'GET', '/api/workspaces/{workspaceId}/prices', { params: { workspaceId: ids.workspaceId! }, cookies: session });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json.items).toEqual([expect.objectContaining({ id: made.json.id, unitPrice: '0.1' })]);
    },
    agent: async () => {
      const answer = await call('agent', 'GET', '/llms.txt');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body.length).toBeGreaterThan(100);
      // The skill documents travel inside the bundle (skills/).
      const skill = await call('agent', 'GET', '/skills/{name}', { params: { name: 'read-the-model' } });
      expect(skill.statusCode, skill.body).toBe(200);
      expect(skill.body).toMatch(/^---\nname: read-the-model\n/);
    },
    reference: async () => {
      // The OpenAPI document and the reference page's files travel inside the bundle (openapi.json, reference/).
      const document = await call('reference', 'GET', '/openapi.json');
      expect(document.statusCode, document.body).toBe(200);
      expect(JSON.parse(Buffer.from(document.body, document.isBase64Encoded ? 'base64' : 'utf8').toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
      const page = await call('reference', 'GET', '/docs');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
      const bundle = await call('reference', 'GET', '/docs/{file}', { params: { file: 'swagger-ui-bundle.js' }, headers: { 'accept-encoding': 'br' } });
      expect(bundle.statusCode).toBe(200);
      expect(bundle.headers['content-encoding']).toBe('br');
    },
    web: async () => {
      // The client's files travel inside the bundle (client/): nothing outside the copied folder is read.
      const index = await call('web', 'GET', '/');
      expect(index.statusCode, index.body).toBe(200);
      expect(index.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'x-frame-options': 'DENY' });
      expect(index.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
      // Files go as bytes (base64), as API Gateway passes them on.
      const html = Buffer.from(index.body, 'base64').toString('utf8');
      expect(html).toContain('<div id="app">');
      const script = /src="\/(assets\/main-[A-Z0-9]+\.js)"/.exec(html)![1]!;
      const deepLink = await call('web', 'GET', '/{proxy+}', { params: { proxy: 'w/a/p/b/model' } });
      expect(deepLink.statusCode).toBe(200);
      expect(deepLink.body).toBe(index.body);
      const asset = await call('web', 'GET', '/{proxy+}', { params: { proxy: script }, headers: { 'accept-encoding': 'gzip' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'public, max-age=31536000, immutable' });
      expect(asset.isBase64Encoded).toBe(true);
      expect(gunzipSync(Buffer.from(asset.body, 'base64')).length).toBeGreaterThan(1000);
      // API Gateway sends here every GET no other route takes, the API's unknown paths too: they keep the API's answers.
      const unknown = await call('web', 'GET', '/{proxy+}', { params: { proxy: 'api/nope' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(unknown.json).toMatchObject({ type: 'not_found', title: 'No such endpoint' });
      const wrongMethod = await call('web', 'GET', '/{proxy+}', { params: { proxy: 'api/auth/login' } });
      expect(wrongMethod.statusCode).toBe(405);
      expect(wrongMethod.headers.allow).toBe('POST');
      expect((await call('web', 'GET', '/{proxy+}', { params: { proxy: 'assets/main-NOTBUILT.js' } })).statusCode).toBe(404);
    },
    graph: async () => {
      // The project's model is empty: the impact walk reads it in its transaction and finds no such element.
      const answer = await call('graph', 'GET', '/api/projects/{projectId}/impact', { params: { projectId: ids.projectId! }, query: 'kind=element&id=6a000000-0000-4000-8000-000000000001', cookies: session });
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json.title).toBe('Element not found');
    },
    mcp: async () => {
      const answer = await call('mcp', 'POST', '/mcp', {
        headers: { authorization: `Bearer ${ids.token}`, accept: 'application/json, text/event-stream' },
        json: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bundle-test', version: '1' } } },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json.result.serverInfo).toBeDefined();
    },
  };
  const checkedAbove = ['health', 'setup', 'auth', 'instance', 'workspaces'];

  it('every bundled group has a route checked here', () => {
    expect(groups.filter((g) => !checkedAbove.includes(g) && !checks[g])).toEqual([]);
  });

  for (const [group, check] of Object.entries(checks)) {
    it(`${group}: one real route answers its expected status`, check);
  }

  it('no bundle wrote an error or warning line while answering', () => {
    for (const [group, bundle] of running) expect(bundle.output(), group).toBe('');
  });
});

describe('a route bundle started without a setting it needs', () => {
  it('answers the spec error body with 500 and logs one error line naming the setting, beside its access line', async () => {
    const bundle = await startBundle('functions/health', {
      Svc__Profile: 'hosted',
      Svc__MasterKey: randomBytes(32).toString('base64'),
      AllowedHosts: host,
      Database__MigrateOnStartup: 'false',
    });
    try {
      const outcome = await bundle.invoke(apiGatewayEvent('GET', '/health', {}, host));
      expect(outcome.kind, outcome.kind === 'threw' ? outcome.message : '').toBe('result');
      const answer = (outcome as { value: Answer }).value;
      expect(answer.statusCode).toBe(500);
      expect(answer.headers['content-type']).toMatch(/^application\/(problem\+)?json/);
      const body = JSON.parse(answer.body);
      expect(body).toMatchObject({ type: 'internal_error', status: 500, title: 'Internal server error' });
      expect(answer.body).not.toContain('ConnectionStrings');

      const log = await bundle.waitForOutput((text) => text.includes('"level":"error"') && text.includes('"type":"access"'));
      const entries = log
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l));
      const errors = entries.filter((e) => e.level !== 'info');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ level: 'error', message: expect.stringMatching(/GET \/health.*ConnectionStrings__DefaultConnection is required/) });
      expect(entries.filter((e) => e.type === 'access')).toMatchObject([{ routeKey: 'GET /health', status: 500, callerKind: 'anonymous' }]);
    } finally {
      await bundle.stop();
    }
  });
});

describe('a web bundle whose client files are missing', () => {
  it('answers 503 naming `npm run build` for the client, and still the API\'s 404 for an API path', async () => {
    const database = await createTestDatabase();
    const bundle = await startBundle('functions/web', templateEnvironment(database));
    try {
      // The files are read on the first request: removing them before it is a bundle built without them.
      await rm(join(bundle.folder, 'client'), { recursive: true });
      const invoke = async (proxy: string) => {
        const outcome = await bundle.invoke(apiGatewayEvent('GET', '/{proxy+}', { params: { proxy } }, host));
        expect(outcome.kind, outcome.kind === 'threw' ? outcome.message : '').toBe('result');
        return (outcome as { value: Answer }).value;
      };
      const page = await invoke('w/a/p/b');
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(page.body)).toMatchObject({ type: 'service_unavailable', title: 'Web client not built', detail: expect.stringContaining('npm run build') });
      expect((await invoke('api/nope')).statusCode).toBe(404);
    } finally {
      await bundle.stop();
      await database.drop();
    }
  });
});
