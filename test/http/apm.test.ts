import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeNewRelic } from '../support/fake-hosts/fake-newrelic';
import type { FakeHost } from '../support/fake-hosts/fake-host';
import { call, expectProblem, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * New Relic over HTTP (part 2 "Sources": `PUT …/apm/key`, `POST …/apm/test`,
 * `POST P/sources/apm/test`; docs/hosts.md): a key is tested before and after
 * a Source holds it, stored encrypted and never answered, and sent only to
 * NerdGraph (here a fake at `Svc__NewRelic__GraphqlUrl`).
 */
const setupToken = 'apm-test-setup-token-01234567';
const goodKey = 'NRAK-GOODKEYFORTHETEST0123456';

describe('New Relic Sources over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let nerdGraph: FakeHost;
  let owner: string;
  let projectId: string;
  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, { session: owner, ...options });
  const P = () => `/api/projects/${projectId}`;

  beforeAll(async () => {
    nerdGraph = await startFakeNewRelic({ apiKey: goodKey, user: { name: 'Nia Relic', email: 'nia@example.test' }, accounts: { 1234567: 'Shop production' }, transactions: [
      { appId: 11, appName: 'web', count: 40 },
      { appId: 22, appName: 'orders', parentApp: '11', count: 7 },
      { appId: 22, appName: 'orders', count: 9 },
    ] });
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken, Svc__NewRelic__GraphqlUrl: `${nerdGraph.origin}/graphql` });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    owner = sessionCookieOf(setup).value;
    projectId = (await api('POST', `/api/workspaces/${setup.json.workspace.id}/projects`, { json: { name: 'Observed', description: '' } })).json.id;
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await nerdGraph?.close();
  });

  it('tests an account and key before a Source exists: ok for the right key and account, a reason otherwise', async () => {
    const ok = await api('POST', `${P()}/sources/apm/test`, { json: { accountId: 1234567, region: 'us', apiKey: goodKey } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ ok: true, accountName: 'Shop production', user: { name: 'Nia Relic' } });
    const wrongKey = await api('POST', `${P()}/sources/apm/test`, { json: { accountId: '1234567', region: 'eu', apiKey: 'NRAK-WRONG' } });
    expect(wrongKey.json).toMatchObject({ ok: false });
    const otherAccount = await api('POST', `${P()}/sources/apm/test`, { json: { accountId: 7654321, region: 'us', apiKey: goodKey } });
    expect(otherAccount.json.ok).toBe(false);
    expect(expectProblem(await api('POST', `${P()}/sources/apm/test`, { json: { accountId: 'x', region: 'mars', apiKey: goodKey } }), 400).errors.map((e) => e.field)).toEqual(['accountId', 'region']);
  });

  it('a Source keeps its key: created with it, tested, replaced; the key never appears in an answer', async () => {
    const source = await api('POST', `${P()}/sources`, { json: { kind: 'newrelic', name: 'Production APM', repository: null, accountId: 1234567, region: 'us', apiKey: 'NRAK-WRONG-AT-FIRST' } });
    expect(source.status, source.text).toBe(201);
    expect(source.text).not.toContain('NRAK');
    expect((await api('POST', `${P()}/sources/${source.json.id}/apm/test`)).json.ok).toBe(false);
    expect((await api('PUT', `${P()}/sources/${source.json.id}/apm/key`, { json: { apiKey: goodKey } })).status).toBe(204);
    const tested = await api('POST', `${P()}/sources/${source.json.id}/apm/test`);
    expect(tested.json).toMatchObject({ ok: true, accountName: 'Shop production' });
    expect(nerdGraph.requests.filter((r) => r.headers['api-key'] === goodKey).length).toBeGreaterThan(0);
    const github = await api('POST', `${P()}/sources`, { json: { kind: 'github', name: 'Repo', repository: 'acme/repo' } });
    expectProblem(await api('PUT', `${P()}/sources/${github.json.id}/apm/key`, { json: { apiKey: goodKey } }), 409);
    expectProblem(await api('PUT', `${P()}/sources/${source.json.id}/apm/key`, { json: { apiKey: 'has space' } }), 400);
    const listed = await api('GET', `${P()}/sources`);
    expect(listed.text).not.toContain(goodKey);

    // A scan reads the calls between services: measured, partial (nothing removed or marked stale).
    const started = await api('POST', `${P()}/sources/${source.json.id}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } });
    expect(started.status, started.text).toBe(202);
    let scan: any;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      scan = (await api('GET', `${P()}/imports/${started.json.scanId}`)).json;
      if (scan.state === 'completed' || scan.state === 'failed') break;
    }
    expect(scan, JSON.stringify(scan)).toMatchObject({ state: 'completed', isComplete: false });
    const proposals = (await api('GET', `${P()}/imports/${scan.id}/proposals`)).json.items;
    const call = proposals.find((p: { factKey: string }) => p.factKey === 'relationship:element:app:web->element:app:orders');
    expect(call.proposed).toMatchObject({ factStatus: 'measured', fields: { label: '7 calls', kind: 'behavioural' } });
  });
});
