import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-hosts/fake-github';
import { call, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Part 2 "Limits": `Import__Worker__MaxRunningPerHost` holds over all
 * instances. Two service processes share one database; a bulk add queues six
 * scans of one GitHub; every API call to GitHub goes through a proxy that
 * holds it 300 ms and counts the calls in flight, and the database is polled
 * for running scans. Neither ever sees more than the limit, and every scan
 * completes.
 */
const setupToken = 'host-limit-test-setup-token-0';
const fixture = resolve(import.meta.dirname, '../fixtures/shop');
const commit = 'd'.repeat(40);
const limit = 1;

describe('the per-host scan limit across two instances', () => {
  let database: TestDatabase;
  const services: ServiceProcess[] = [];
  let github: FakeGitHub;
  let proxy: Server;
  let proxyOrigin: string;
  let inFlight = 0;
  let mostInFlight = 0;

  beforeAll(async () => {
    const repositories = Array.from({ length: 6 }, (_, i) => ({ fullName: `acme/shop-${i}`, defaultBranch: 'main', branches: { main: commit }, trees: { [commit]: fixture } }));
    github = await startFakeGitHub({ repositories });
    proxy = createServer(async (request, response) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 300));
        const answer = await fetch(`${github.origin}${request.url}`, { method: request.method, headers: { accept: request.headers.accept ?? '*/*' }, redirect: 'manual' });
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!['content-encoding', 'transfer-encoding', 'content-length', 'connection'].includes(name)) headers[name] = value;
        });
        response.writeHead(answer.status, headers);
        response.end(Buffer.from(await answer.arrayBuffer()));
      } finally {
        inFlight -= 1;
      }
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    database = await createTestDatabase();
    const shared = {
      ConnectionStrings__DefaultConnection: database.url,
      Svc__SetupToken: setupToken,
      Svc__MasterKey: randomBytes(32).toString('base64'),
      Import__Worker__MaxRunningPerHost: String(limit),
      Import__Worker__Parallelism: '4',
    };
    for (let i = 0; i < 2; i++) services.push(await startServiceProcess(shared, { dataDirectory: await temporaryDirectory('svc-host-limit-') }));
  }, 120_000);

  afterAll(async () => {
    for (const service of services) await service.stop();
    await database?.drop();
    await github?.close();
    await new Promise((r) => proxy?.close(r));
  });

  it('six scans of one host queued at once run one at a time over both instances, and all complete', async () => {
    const api = (method: string, path: string, options: CallOptions = {}) => call(services[0]!.url, method, path, options);
    const setup = await api('POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    const session = sessionCookieOf(setup).value;
    const workspaceId = setup.json.workspace.id;
    const settings = await api('GET', `/api/workspaces/${workspaceId}/settings`, { session });
    const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { session, headers: { 'if-match': settings.headers.get('etag')! }, json: { github: { apiBaseUrl: proxyOrigin } } });
    expect(saved.status, saved.text).toBe(200);
    const projectId = (await api('POST', `/api/workspaces/${workspaceId}/projects`, { session, json: { name: 'Many', description: '' } })).json.id;
    const bulk = await api('POST', `/api/projects/${projectId}/sources/bulk`, { session, json: { kind: 'github', repositories: Array.from({ length: 6 }, (_, i) => `acme/shop-${i}`), ref: null } });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.json.items.map((i: { status: string }) => i.status)).toEqual(Array(6).fill('added'));

    let mostRunning = 0;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const row = await database.db
        .selectFrom('scans')
        .select((eb) => [eb.fn.countAll<string>().as('all'), eb.fn.count<string>('id').filterWhere('state', '=', 'running').as('running'), eb.fn.count<string>('id').filterWhere('state', '=', 'completed').as('completed')])
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      mostRunning = Math.max(mostRunning, Number(row.running));
      if (Number(row.completed) === 6) break;
      if (Date.now() > deadline) throw new Error(`after 90 s: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(mostRunning).toBe(limit);
    expect(mostInFlight).toBe(limit);
  }, 120_000);
});
