import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, insertPerson, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Sources over HTTP (part 2 "Sources"; docs/sources.md): kinds, create per
 * kind with its refusals, slug clashes, rename, delete, roles, scan requests
 * with the daily limit, cancel and resume. Scans that run are in
 * test/http/scans.test.ts.
 */
const setupToken = 'sources-test-setup-token-0123';

describe('sources over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let sourcesRoot: string;
  let owner: string;
  let viewer: string;
  let workspaceId: string;
  let projectId: string;
  // A GitHub that never answers: a scan of it stays running until cancelled.
  let silentHost: Server;
  let silentHostUrl: string;

  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, options);
  const P = () => `/api/projects/${projectId}`;

  beforeAll(async () => {
    silentHost = createServer(() => undefined);
    await new Promise<void>((r) => silentHost.listen(0, '127.0.0.1', r));
    silentHostUrl = `http://127.0.0.1:${(silentHost.address() as AddressInfo).port}`;
    database = await createTestDatabase();
    sourcesRoot = await temporaryDirectory('svc-sources-root-');
    await mkdir(join(sourcesRoot, 'shop', 'orders'), { recursive: true });
    await writeFile(join(sourcesRoot, 'shop', 'orders', 'package.json'), '{"name":"orders"}');
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken, Svc__SourcesRoot: sourcesRoot });
    const setup = await api('POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    expect(setup.status).toBe(201);
    owner = sessionCookieOf(setup).value;
    workspaceId = setup.json.workspace.id;
    await insertPerson(database.db, { email: 'viewer@example.test', name: 'Vi Viewer', password: strongPassword }, [{ workspaceId, role: 'viewer' }]);
    viewer = sessionCookieOf(await api('POST', '/api/auth/login', { json: { email: 'viewer@example.test', password: strongPassword } })).value;
    const project = await api('POST', `/api/workspaces/${workspaceId}/projects`, { session: owner, json: { name: 'Shop', description: '' } });
    expect(project.status).toBe(201);
    projectId = project.json.id;
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    if (sourcesRoot) await rm(sourcesRoot, { recursive: true, force: true });
    silentHost?.closeAllConnections();
    await new Promise((r) => silentHost?.close(r));
  });

  const github = { kind: 'github', name: 'Shop API', repository: 'acme/shop-api' };

  it('kinds: every kind with whether it can be used; a folder Source needs the sources root, which this server has', async () => {
    const kinds = await api('GET', `${P()}/sources/kinds`, { session: viewer });
    expect(kinds.status).toBe(200);
    const byKind = Object.fromEntries(kinds.json.items.map((k: { kind: string }) => [k.kind, k]));
    expect(Object.keys(byKind)).toEqual(['github', 'gitlab', 'bitbucket', 'azureDevOps', 'directory', 'archive', 'upload', 'push', 'newrelic']);
    expect(byKind.directory).toMatchObject({ available: true, requires: ['path'] });
    expect(byKind.github).toMatchObject({ name: 'GitHub', available: true, requires: ['repository'] });
  });

  it('creates a GitHub Source with the slug of its name; the same slug again is 409 naming the field', async () => {
    const created = await api('POST', `${P()}/sources`, { session: owner, json: github });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ kind: 'github', name: 'Shop API', slug: 'shop-api', repository: 'acme/shop-api', lastScan: null });
    const again = await api('POST', `${P()}/sources`, { session: owner, json: { ...github, name: 'shop  api!', repository: 'acme/other' } });
    expect(expectProblem(again, 409).errors).toEqual([{ field: 'name', message: 'its slug "shop-api" is in use' }]);
    const list = await api('GET', `${P()}/sources`, { session: viewer });
    expect(list.json.items.map((s: { slug: string }) => s.slug)).toEqual(['shop-api']);
  });

  it('refuses what a kind does not take, each on its field', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'svn', name: 'x', repository: null }, 'kind'],
      [{ kind: 'github', name: 'x', repository: 'not a repo' }, 'repository'],
      [{ kind: 'github', name: 'x', repository: null }, 'repository'],
      [{ kind: 'archive', name: 'x', repository: 'acme/x' }, 'repository'],
      [{ kind: 'directory', name: 'x', repository: null, path: '../etc' }, 'path'],
      [{ kind: 'directory', name: 'x', repository: null, path: 'shop/nope' }, 'path'],
      [{ kind: 'newrelic', name: 'x', repository: null, accountId: 'abc', region: 'us' }, 'accountId'],
      [{ kind: 'newrelic', name: 'x', repository: null, accountId: 12345, region: 'mars' }, 'region'],
      [{ kind: 'github', name: 'x' }, 'repository'],
      [{ kind: 'github', name: 'x', repository: 'acme/x', extra: 1 }, 'extra'],
    ];
    for (const [json, field] of cases) {
      const answer = await api('POST', `${P()}/sources`, { session: owner, json });
      expect(expectProblem(answer, 400).errors.map((e) => e.field), JSON.stringify(json)).toContain(field);
    }
  });

  it('names each member left out as required, saying when it may be null, and stores nothing', async () => {
    const before = (await api('GET', `${P()}/sources`, { session: viewer })).json.items.length;
    const withoutRepository = expectProblem(await api('POST', `${P()}/sources`, { session: owner, json: { kind: 'archive', name: 'Upload' } }), 400, 'validation_error');
    expect(withoutRepository.errors).toEqual([{ field: 'repository', message: 'is required (it may be null)' }]);
    expect(withoutRepository.detail).toBe('repository: is required (it may be null)');
    const empty = expectProblem(await api('POST', `${P()}/sources`, { session: owner, json: {} }), 400, 'validation_error');
    expect(empty.errors).toEqual([
      { field: 'kind', message: 'is required (it may be null)' },
      { field: 'name', message: 'is required (it may be null)' },
      { field: 'repository', message: 'is required (it may be null)' },
    ]);
    // A query parameter left out reads the same way (null is no query value).
    expect(expectProblem(await api('GET', `${P()}/sources/repositories`, { session: owner }), 400).errors).toContainEqual({ field: 'kind', message: 'is required' });
    expect((await api('GET', `${P()}/sources`, { session: viewer })).json.items).toHaveLength(before);
  });

  it('a folder Source under the root; a viewer may read but not add', async () => {
    const folder = await api('POST', `${P()}/sources`, { session: owner, json: { kind: 'directory', name: 'Orders folder', repository: null, path: 'shop/orders' } });
    expect(folder.status).toBe(201);
    expect(folder.json).toMatchObject({ kind: 'directory', path: 'shop/orders', slug: 'orders-folder' });
    expectProblem(await api('POST', `${P()}/sources`, { session: viewer, json: { kind: 'archive', name: 'A', repository: null } }), 403);
    expect((await api('GET', `${P()}/sources/${folder.json.id}`, { session: viewer })).json.name).toBe('Orders folder');
  });

  it('rename moves the slug; a taken slug is 409; delete is 204 then 404', async () => {
    const a = await api('POST', `${P()}/sources`, { session: owner, json: { kind: 'archive', name: 'Upload A', repository: null } });
    const renamed = await api('PATCH', `${P()}/sources/${a.json.id}`, { session: owner, json: { name: 'Upload Zed' } });
    expect(renamed.json).toMatchObject({ name: 'Upload Zed', slug: 'upload-zed' });
    expectProblem(await api('PATCH', `${P()}/sources/${a.json.id}`, { session: owner, json: { name: 'Shop API' } }), 409);
    expect((await api('DELETE', `${P()}/sources/${a.json.id}`, { session: owner })).status).toBe(204);
    expectProblem(await api('GET', `${P()}/sources/${a.json.id}`, { session: owner }), 404);
    expectProblem(await api('DELETE', `${P()}/sources/${a.json.id}`, { session: owner }), 404);
  });

  it('an archive Source is scanned by uploading, not by POST …/scans (409); scope paths with .. are 400', async () => {
    const archive = await api('POST', `${P()}/sources`, { session: owner, json: { kind: 'archive', name: 'Tarball', repository: null } });
    expectProblem(await api('POST', `${P()}/sources/${archive.json.id}/scans`, { session: owner, json: { ref: null, includePaths: null, excludePaths: null } }), 409);
    const list = await api('GET', `${P()}/sources`, { session: owner });
    const gh = list.json.items.find((s: { slug: string }) => s.slug === 'shop-api');
    const bad = await api('POST', `${P()}/sources/${gh.id}/scans`, { session: owner, json: { ref: null, includePaths: ['src/../..'], excludePaths: null } });
    expect(expectProblem(bad, 400).errors[0]!.field).toBe('includePaths[0]');
  });

  it('the daily scan limit: past usage.maxScansPerDay a scan request is 429 with Retry-After until midnight UTC; cancel and resume', async () => {
    const settings = await api('GET', `/api/workspaces/${workspaceId}/settings`, { session: owner });
    const put = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { session: owner, headers: { 'if-match': settings.headers.get('etag')! }, json: { usage: { maxScansPerDay: 1 }, github: { apiBaseUrl: silentHostUrl } } });
    expect(put.status).toBe(200);
    const list = await api('GET', `${P()}/sources`, { session: owner });
    const gh = list.json.items.find((s: { slug: string }) => s.slug === 'shop-api');
    const body = { ref: 'main', includePaths: ['src'], excludePaths: null };
    const first = await api('POST', `${P()}/sources/${gh.id}/scans`, { session: owner, json: body });
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({ state: 'queued', sourceId: gh.id });
    const second = await api('POST', `${P()}/sources/${gh.id}/scans`, { session: owner, json: body });
    expectProblem(second, 429, 'rate_limited');
    const retryAfter = Number(second.headers.get('retry-after'));
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    expect(Math.abs(retryAfter - (midnight - now.getTime()) / 1000)).toBeLessThan(30);

    const scan = await api('GET', `${P()}/imports/${first.json.scanId}`, { session: viewer });
    expect(scan.json).toMatchObject({ id: first.json.scanId, sourceId: gh.id, request: { ref: 'main', includePaths: ['src'], excludePaths: [] }, limits: { maxFiles: 2000, maxFileBytes: 262144 } });
    // The worker takes it and waits on the silent host.
    const deadline = Date.now() + 20_000;
    while ((await api('GET', `${P()}/imports/${first.json.scanId}`, { session: viewer })).json.state !== 'running') {
      if (Date.now() > deadline) throw new Error('the scan never started');
      await new Promise((r) => setTimeout(r, 100));
    }
    const cancelled = await api('POST', `${P()}/imports/${first.json.scanId}/cancel`, { session: owner });
    expect(cancelled.status).toBe(202);
    expectProblem(await api('POST', `${P()}/imports/${first.json.scanId}/cancel`, { session: owner }), 409);
    // Resume counts against the same allowance: one scan was requested today.
    expectProblem(await api('POST', `${P()}/imports/${first.json.scanId}/resume`, { session: owner }), 429, 'rate_limited');
    const scans = await api('GET', `${P()}/imports?limit=1`, { session: viewer });
    expect(scans.json.items).toHaveLength(1);
    expect(scans.json.items[0]).toMatchObject({ id: first.json.scanId, state: 'cancelled' });
  });
});
