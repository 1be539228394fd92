import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, rawRequest, strongPassword, type CallOptions, type RawAnswer } from '../support/http-client';
import { startModelService, type ModelService, type Project } from '../support/model-api';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The edge against an attacker (docs/security.md), each case written as the
 * attacker's request and the answer that refuses it, against the built
 * server: cross-site writes (CSRF), foreign Host names (DNS rebinding),
 * content types, stored text that cannot be stored, query names that look
 * like object members, and documents nested to break the parser.
 */

/** One request over a raw socket, with the Host header the attacker chooses. */
function withHost(baseUrl: string, method: string, path: string, host: string, headers: Record<string, string> = {}, body = ''): Promise<RawAnswer> {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body !== '' || method !== 'GET') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return rawRequest(baseUrl, [`${lines.join('\r\n')}\r\n\r\n${body}`]);
}

describe('edge security, local profile on a loopback address (no AllowedHosts set)', () => {
  let m: ModelService;
  let project: Project;
  let workspaceId: string;
  let pushToken: string;
  const api = (method: string, path: string, options?: CallOptions) => m.api(method, path, options);
  const asAdmin = (json: unknown, headers: Record<string, string> = {}): CallOptions => ({ session: m.admin.session, json, headers });
  const workspaceCount = async () => (await m.database.db.selectFrom('workspaces').select('id').execute()).length;

  beforeAll(async () => {
    m = await startModelService({ Authentication__GitHub__ClientId: 'gh-client', Authentication__GitHub__ClientSecret: 'gh-secret' });
    workspaceId = await m.createWorkspace('Edge');
    project = await m.createProject(workspaceId, 'Edge project');
    pushToken = await m.createToken(workspaceId, ['read', 'push']);
  }, 60_000);

  afterAll(async () => {
    await m?.stop();
  });

  describe('cross-site request forgery', () => {
    it('a cookie POST from another origin is refused (403 cross_site_request) and changes nothing', async () => {
      const before = await workspaceCount();
      const answer = await api('POST', '/api/workspaces', asAdmin({ name: 'Planted' }, { origin: 'https://evil.example' }));
      const problem = expectProblem(answer, 403, 'cross_site_request');
      expect(problem.errors).toEqual([{ field: 'Origin', message: 'must name this service' }]);
      expect(await workspaceCount()).toBe(before);
    });

    it('a cookie POST a browser marks cross-site or same-site is refused, whatever Origin says', async () => {
      for (const site of ['cross-site', 'same-site']) {
        const answer = await api('POST', '/api/workspaces', asAdmin({ name: 'Planted' }, { 'sec-fetch-site': site }));
        expect(expectProblem(answer, 403, 'cross_site_request').errors[0]!.field).toBe('Sec-Fetch-Site');
      }
      // A page of the same site on another port, or a sandboxed page ("null"), is another origin.
      const port = Number(new URL(m.service.url).port);
      for (const origin of [`http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, 'http://localhost.evil.example', 'null']) {
        expectProblem(await api('POST', '/api/workspaces', asAdmin({ name: 'Planted' }, { origin })), 403, 'cross_site_request');
      }
    });

    it('every state-changing method is covered: PATCH, PUT and DELETE from another origin are refused', async () => {
      const evil = { origin: 'https://evil.example' };
      expectProblem(await api('PATCH', `/api/projects/${project.id}`, asAdmin({ name: 'Renamed' }, evil)), 403, 'cross_site_request');
      expectProblem(await api('DELETE', `/api/projects/${project.id}`, { session: m.admin.session, headers: evil }), 403, 'cross_site_request');
      expect((await api('GET', `/api/projects/${project.id}`, { session: m.admin.session })).json.name).toBe('Edge project');
    });

    it('a same-site page cannot overwrite the model with a text/plain import (415, or 403 when the browser says where it came from)', async () => {
      const document = JSON.stringify({ elements: [] });
      expectProblem(await api('POST', `/api/projects/${project.id}/import`, { session: m.admin.session, body: document, headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
      expectProblem(
        await api('POST', `/api/projects/${project.id}/import`, { session: m.admin.session, body: document, headers: { 'content-type': 'text/plain', origin: 'http://other.localhost', 'sec-fetch-site': 'same-site' } }),
        403,
        'cross_site_request',
      );
      for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8']) {
        expectProblem(await api('POST', `/api/projects/${project.id}/import`, { session: m.admin.session, body: document, headers: { 'content-type': contentType } }), 415, 'unsupported_media_type');
      }
      // JSON and YAML still import.
      expect((await m.importModel(project.id, { elements: [] })).status).toBe(200);
      expect((await m.importModel(project.id, 'elements: []\n', '', { contentType: 'application/yaml' })).status).toBe(200);
    });

    it('an empty-body POST sent as a form is refused with 415 (fact accept, mark-unknown, promise approve)', async () => {
      const created = await api('POST', `/api/projects/${project.id}/promises`, asAdmin({ title: 'Form-proof' }));
      expect(created.status, created.text).toBe(201);
      const paths = [
        `/api/projects/${project.id}/facts/element/${randomUUID()}/accept`,
        `/api/projects/${project.id}/facts/element/${randomUUID()}/mark-unknown`,
        `/api/projects/${project.id}/promises/${created.json.id}/approve`,
      ];
      for (const path of paths) {
        for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
          expectProblem(await api('POST', path, { session: m.admin.session, headers: { 'content-type': contentType } }), 415, 'unsupported_media_type');
        }
      }
      const promise = await api('GET', `/api/projects/${project.id}/promises/${created.json.id}`, { session: m.admin.session });
      expect(promise.json.inForceRevision).toBeNull();
      // Without a content type (curl -X POST) the empty body is no body: the promise is approved.
      expect((await api('POST', paths[2]!, { session: m.admin.session })).status).toBe(200);
    });

    it('requests without Origin (curl, scripts) and same-origin pages still work', async () => {
      const curl = await api('POST', '/api/workspaces', asAdmin({ name: 'From curl' }));
      expect(curl.status, curl.text).toBe(201);
      const page = await api('POST', '/api/workspaces', asAdmin({ name: 'From our page' }, { origin: m.service.url, 'sec-fetch-site': 'same-origin' }));
      expect(page.status, page.text).toBe(201);
      const typed = await api('POST', '/api/workspaces', asAdmin({ name: 'Typed in the address bar' }, { 'sec-fetch-site': 'none' }));
      expect(typed.status, typed.text).toBe(201);
    });

    it('bearer-token requests are unaffected by Origin and Sec-Fetch-Site', async () => {
      const answer = await api('POST', `/api/projects/${project.id}/promises`, {
        token: pushToken,
        json: { title: 'From an agent in a browser extension' },
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(answer.status, answer.text).toBe(201);
    });

    it('sign-in from another site is refused too (login CSRF), and works without Origin', async () => {
      expectProblem(await api('POST', '/api/auth/login', { json: { email: m.admin.email, password: strongPassword }, headers: { origin: 'https://evil.example' } }), 403, 'cross_site_request');
      expect((await api('POST', '/api/auth/login', { json: { email: m.admin.email, password: strongPassword } })).status).toBe(200);
    });
  });

  describe('AllowedHosts and DNS rebinding', () => {
    it('Host: evil.example is refused (400 host_not_allowed) on every kind of request, the shim’s own answers included', async () => {
      for (const [method, path] of [
        ['GET', '/health'],
        ['GET', '/api/setup/status'],
        ['GET', `/api/projects/${project.id}/export`],
        ['POST', '/api/auth/login'],
        ['GET', '/no/such/path'],
        ['PUT', '/health'],
      ] as const) {
        const answer = await withHost(m.service.url, method, path, 'evil.example', { cookie: `svc_session=${m.admin.session}` });
        expect(expectProblem(answer, 400, 'host_not_allowed').errors, `${method} ${path}`).toEqual([{ field: 'Host', message: 'is not an allowed host' }]);
      }
      // A rebinding name that resolves to 127.0.0.1 is still a foreign name.
      expectProblem(await withHost(m.service.url, 'GET', '/health', `127.0.0.1.nip.io:${new URL(m.service.url).port}`), 400, 'host_not_allowed');
    });

    it('a foreign Host never reaches the data: a rebound page cannot export the model with the cookie', async () => {
      const answer = await withHost(m.service.url, 'GET', `/api/projects/${project.id}/export`, `evil.example:${new URL(m.service.url).port}`, { cookie: `svc_session=${m.admin.session}` });
      expectProblem(answer, 400, 'host_not_allowed');
      expect(answer.text).not.toContain('elements');
    });

    it('the external sign-in callback is built on an allowed host only', async () => {
      const port = new URL(m.service.url).port;
      const start = await withHost(m.service.url, 'GET', '/api/auth/external/github', `localhost:${port}`);
      expect(start.status, start.text).toBe(302);
      expect(new URL(start.headers.location!).searchParams.get('redirect_uri')).toBe(`http://localhost:${port}/api/auth/external/callback`);
      expectProblem(await withHost(m.service.url, 'GET', '/api/auth/external/github', `evil.example:${port}`), 400, 'host_not_allowed');
    });

    it('loopback names are served, with any port', async () => {
      for (const host of ['127.0.0.1', '127.0.0.1:1', 'localhost', 'LOCALHOST:8080', '[::1]', '[::1]:9']) {
        expect((await withHost(m.service.url, 'GET', '/health/live', host)).status, host).toBe(200);
      }
    });
  });

  describe('one text rule for stored strings', () => {
    const badTexts = [
      ['a lone surrogate', 'Orders \ud800'],
      ['U+0000', 'Orders \u0000'],
    ] as const;

    it.each(badTexts)('%s in a stored name is refused with 400 naming the field, and nothing is stored', async (_, text) => {
      const P = `/api/projects/${project.id}`;
      const cases: [string, string, unknown, string][] = [
        ['POST', '/api/workspaces', { name: text }, 'name'],
        ['POST', `/api/workspaces/${workspaceId}/projects`, { name: text, description: null }, 'name'],
        ['POST', `/api/workspaces/${workspaceId}/projects`, { name: 'Fine', description: text }, 'description'],
        ['PATCH', P, { name: text }, 'name'],
        ['POST', `/api/workspaces/${workspaceId}/agent-tokens`, { name: text, scopes: ['read'], projectId: null, expiresAt: null }, 'name'],
        ['POST', `${P}/views`, { name: text, rootElementId: null }, 'name'],
        ['POST', `${P}/branches`, { name: text, kind: 'draft' }, 'name'],
        ['POST', `${P}/revisions`, { name: text }, 'name'],
        ['POST', `${P}/promises`, { title: text }, 'title'],
        ['POST', `${P}/promises`, { title: 'Fine', text }, 'text'],
        ['POST', `${P}/promises`, { title: 'Fine', obligations: [{ kind: 'manual', title: text, recipe: null }] }, 'obligations[0].title'],
        ['POST', `${P}/promises`, { title: 'Fine', obligations: [{ kind: 'manual', title: 'Ask', recipe: { note: text } }] }, 'obligations[0].recipe.note'],
        ['POST', `${P}/promises`, { title: 'Fine', obligations: [{ kind: 'manual', title: 'Ask', recipe: { steps: [{ say: text }] } }] }, 'obligations[0].recipe.steps[0].say'],
        ['POST', `${P}/promises`, { title: 'Fine', obligations: [{ kind: 'manual', title: 'Ask', recipe: { [text]: 1 } }] }, `obligations[0].recipe.${text}`],
      ];
      const promisesBefore = await m.database.db.selectFrom('promises').select('id').execute();
      for (const [method, path, body, field] of cases) {
        const answer = await api(method, path, asAdmin(body));
        const problem = expectProblem(answer, 400, 'validation_error');
        expect(problem.errors.map((e) => e.field), `${method} ${path} ${JSON.stringify(body)}`).toContain(field);
      }
      expect((await m.database.db.selectFrom('promises').select('id').execute()).length).toBe(promisesBefore.length);
    });

    it('a recipe keeps a member named __proto__ as a member', async () => {
      const body = `{"title":"Proto","obligations":[{"kind":"manual","title":"Ask","recipe":{"__proto__":{"polluted":true},"note":"kept"}}]}`;
      const created = await api('POST', `/api/projects/${project.id}/promises`, { session: m.admin.session, body, headers: { 'content-type': 'application/json' } });
      expect(created.status, created.text).toBe(201);
      const read = await api('GET', `/api/projects/${project.id}/promises/${created.json.id}`, { session: m.admin.session });
      // An own member of the stored recipe (jsonb orders keys its own way).
      expect(read.text).toContain('"__proto__":{"polluted":true}');
      const recipe = JSON.parse(read.text).draft.obligations[0].recipe as Record<string, unknown>;
      expect(Object.keys(recipe).sort()).toEqual(['__proto__', 'note']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('query names and parser errors', () => {
    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('?%s=1 is an unknown query parameter (400)', async (name) => {
      for (const path of [`/api/workspaces/${workspaceId}/projects?${name}=1`, `/api/projects/${project.id}/import?${name}=1`]) {
        const answer = path.includes('/import') ? await m.importModel(project.id, { elements: [] }, `?${name}=1`) : await api('GET', path, { session: m.admin.session });
        expect(expectProblem(answer, 400, 'validation_error').errors, path).toEqual([{ field: name, message: 'unknown field' }]);
      }
    });

    it('a YAML document nested too deeply answers 400 in our own words, not the engine’s', async () => {
      for (const yaml of [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, `${'- '.repeat(5000)}x\n`, `${Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n')} 1\n`]) {
        const answer = await m.importModel(project.id, yaml, '', { contentType: 'application/yaml' });
        const problem = expectProblem(answer, 400, 'invalid_export');
        expect(problem.detail).toMatch(/nested over 512 levels/);
        expect(answer.text).not.toMatch(/call stack|RangeError|Maximum/i);
      }
    });

    it('a JSON body or document nested too deeply, or broken, answers 400 in our own words', async () => {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const asBody = await api('POST', '/api/workspaces', { session: m.admin.session, body: deep, headers: { 'content-type': 'application/json' } });
      expect(expectProblem(asBody, 400, 'invalid_json').detail).toMatch(/nested over 512 levels/);
      const asDocument = await m.importModel(project.id, deep);
      expect(expectProblem(asDocument, 400, 'invalid_export').detail).toMatch(/nested over 512 levels/);
      const broken = await api('POST', '/api/workspaces', { session: m.admin.session, body: '{"name": "x",}', headers: { 'content-type': 'application/json' } });
      expect(expectProblem(broken, 400, 'invalid_json').detail).toBe('not valid JSON: malformed at character 14');
      const cut = await api('POST', '/api/workspaces', { session: m.admin.session, body: '{"name": "x"', headers: { 'content-type': 'application/json' } });
      expect(expectProblem(cut, 400, 'invalid_json').detail).toMatch(/^not valid JSON: (malformed at character 13|the text ends before the value does)$/);
    });
  });
});

describe('edge security, hosted profile', () => {
  let database: TestDatabase;
  let hosted: ServiceProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    hosted = await startServiceProcess({
      Svc__Profile: 'hosted',
      Svc__MasterKey: Buffer.alloc(32, 3).toString('base64'),
      Svc__SetupToken: 'hosted-edge-setup-token-0123',
      ConnectionStrings__DefaultConnection: database.url,
      AllowedHosts: 'design.example.com',
      Svc__PublicUrl: 'https://svc.example.com',
    });
  }, 60_000);

  afterAll(async () => {
    await hosted?.stop();
    await database?.drop();
  });

  it('a Host outside AllowedHosts is refused with 400 host_not_allowed, the loopback address included', async () => {
    for (const host of ['evil.example', '127.0.0.1', `127.0.0.1:${new URL(hosted.url).port}`, 'design.example.com.evil.example']) {
      expectProblem(await withHost(hosted.url, 'GET', '/api/setup/status', host), 400, 'host_not_allowed');
    }
  });

  it('the allowed names and the host of Svc__PublicUrl are served', async () => {
    for (const host of ['design.example.com', 'Design.Example.com:443', 'svc.example.com']) {
      expect((await withHost(hosted.url, 'GET', '/api/setup/status', host)).status, host).toBe(200);
    }
  });

  it('an Origin of Svc__PublicUrl is the service’s own; another is refused', async () => {
    const login = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' });
    const json = { 'content-type': 'application/json' };
    const own = await withHost(hosted.url, 'POST', '/api/auth/login', 'design.example.com', { ...json, origin: 'https://svc.example.com' }, login);
    expectProblem(own, 401, 'unauthorized');
    const foreign = await withHost(hosted.url, 'POST', '/api/auth/login', 'design.example.com', { ...json, origin: 'https://evil.example' }, login);
    expectProblem(foreign, 403, 'cross_site_request');
  });
});
