import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTarGz, buildZip, readFolderTree, zipOfFolder } from '../support/archive-builders';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-hosts/fake-github';
import { call, expectProblem, sessionCookieOf, strongPassword, type CallOptions, type HttpAnswer } from '../support/http-client';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Scans end to end over HTTP (part 2 "Sources", "Scans and proposals";
 * docs/sources.md): the shop fixture (test/fixtures/shop) scanned as a folder
 * Source, as an uploaded archive and through a fake GitHub gives the same
 * facts; accepting them writes the model with observed-in-source provenance;
 * a later scan without a service proposes its removal and marks it stale with
 * the new commit. Limits and secrets: a partial scan, skipped secret files
 * that never appear in an answer, refused archives that store nothing.
 */
const setupToken = 'scans-test-setup-token-01234';
const fixture = resolve(import.meta.dirname, '../fixtures/shop');
const firstCommit = 'a'.repeat(40);
const secondCommit = 'b'.repeat(40);
const secretMarkers = ['BEGIN OPENSSH PRIVATE KEY', 'FAKE', 'sk_live', 'PASSWORD='];

describe('scans over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let root: string;
  let github: FakeGitHub;
  let owner: string;
  let workspaceId: string;
  let projectId: string;

  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, { session: owner, ...options });
  const P = () => `/api/projects/${projectId}`;

  async function finished(scanId: string): Promise<any> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const scan = await api('GET', `${P()}/imports/${scanId}`);
      expect(scan.status).toBe(200);
      if (['completed', 'failed', 'cancelled'].includes(scan.json.state)) return scan.json;
      if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${scan.json.state}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function allProposals(scanId: string): Promise<any[]> {
    const items: any[] = [];
    let cursor: string | null = null;
    do {
      const page: HttpAnswer = await api('GET', `${P()}/imports/${scanId}/proposals?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      items.push(...page.json.items);
      cursor = page.json.nextCursor;
    } while (cursor);
    return items;
  }

  function expectNoSecrets(text: string): void {
    for (const marker of secretMarkers) expect(text).not.toContain(marker);
  }

  beforeAll(async () => {
    root = await temporaryDirectory('svc-scans-root-');
    await cp(fixture, join(root, 'shop'), { recursive: true });
    await mkdir(join(root, 'shop', '.git'), { recursive: true });
    await writeFile(join(root, 'shop', '.git', 'HEAD'), `${firstCommit}\n`);
    github = await startFakeGitHub({ repositories: [{ fullName: 'acme/shop', defaultBranch: 'main', branches: { main: firstCommit }, trees: { [firstCommit]: join(root, 'shop') } }] });
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken, Svc__SourcesRoot: root });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    owner = sessionCookieOf(setup).value;
    workspaceId = setup.json.workspace.id;
    const settings = await api('GET', `/api/workspaces/${workspaceId}/settings`);
    const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { headers: { 'if-match': settings.headers.get('etag')! }, json: { github: { apiBaseUrl: github.apiBaseUrl } } });
    expect(saved.status, saved.text).toBe(200);
    projectId = (await api('POST', `/api/workspaces/${workspaceId}/projects`, { json: { name: 'Shop', description: '' } })).json.id;
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await github?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  let folderSourceId: string;
  let folderScan: any;
  let folderKeys: string[];

  it('a folder Source: the scan completes with the facts of the fixture, the commit of .git/HEAD, and the secret files skipped', async () => {
    const source = await api('POST', `${P()}/sources`, { json: { kind: 'directory', name: 'Shop folder', repository: null, path: 'shop' } });
    expect(source.status, source.text).toBe(201);
    folderSourceId = source.json.id;
    const started = await api('POST', `${P()}/sources/${folderSourceId}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } });
    expect(started.status, started.text).toBe(202);
    folderScan = await finished(started.json.scanId);
    expect(folderScan, JSON.stringify(folderScan)).toMatchObject({ state: 'completed', commitSha: firstCommit, isComplete: true, extractionGap: null });
    expect(folderScan.skipped).toEqual(expect.arrayContaining([{ path: 'deploy/id_rsa', reason: 'secret' }]));
    // Compose's .env is read, cleared of its secret values; it gave no fact here, so nothing of it is kept.
    expect(folderScan.skipped).not.toContainEqual(expect.objectContaining({ path: '.env' }));
    const proposals = await allProposals(folderScan.id);
    expect(proposals.every((p) => p.action === 'add' && p.status === 'pending')).toBe(true);
    folderKeys = proposals.map((p) => p.factKey).sort();
    expect(folderKeys).toEqual(
      expect.arrayContaining([
        'element:app:orders',
        'element:app:billing',
        'element:store:orders-db',
        'element:store:rabbitmq',
        'relationship:element:app:orders->element:store:orders-db',
        'operation:element:app:orders:POST /orders',
        'channel://rabbitmq/billing.order-placed',
        'channel://rabbitmq/invoices',
        'message://rabbitmq/OrderPlaced',
      ]),
    );
    const evidence = await api('GET', `${P()}/imports/${folderScan.id}/evidence?factKey=${encodeURIComponent('element:store:orders-db')}`);
    expect(evidence.json.items).toEqual([expect.objectContaining({ factKey: 'element:store:orders-db', path: 'docker-compose.yml' })]);
    const window = await api('GET', `${P()}/imports/${folderScan.id}/source?path=docker-compose.yml&startLine=${evidence.json.items[0].startLine}&endLine=${evidence.json.items[0].endLine}`);
    expect(window.status).toBe(200);
    expect(window.json.lines.join('\n')).toContain('orders-db');
    expectProblem(await api('GET', `${P()}/imports/${folderScan.id}/source?path=.env&startLine=1&endLine=5`), 404);
    expectProblem(await api('GET', `${P()}/imports/${folderScan.id}/source?path=deploy/id_rsa&startLine=1&endLine=5`), 403);
    for (const text of [JSON.stringify(proposals), JSON.stringify(folderScan)]) expectNoSecrets(text);
  });

  it('the same tree as an uploaded tar.gz and zip, and through GitHub, gives the same facts', async () => {
    const archive = await api('POST', `${P()}/sources`, { json: { kind: 'archive', name: 'Shop archive', repository: null } });
    const files = await readFolderTree(join(root, 'shop'));
    const tarGz = await buildTarGz([...files].map(([name, data]) => ({ name, data })));
    for (const body of [tarGz, await zipOfFolder(join(root, 'shop'))]) {
      const upload = await api('POST', `${P()}/sources/${archive.json.id}/archive`, { body, headers: { 'content-type': 'application/octet-stream' } });
      expect(upload.status, upload.text).toBe(202);
      const scan = await finished(upload.json.scanId);
      expect(scan.state, JSON.stringify(scan)).toBe('completed');
      expect((await allProposals(scan.id)).map((p) => p.factKey).sort()).toEqual(folderKeys);
    }
    const listing = await api('GET', `${P()}/sources/repositories?kind=github&owner=acme`);
    expect(listing.status, listing.text).toBe(200);
    expect(listing.json).toMatchObject({ items: [{ fullName: 'acme/shop', defaultBranch: 'main' }], page: 1, nextPage: null });
    expectProblem(await api('GET', `${P()}/sources/repositories?kind=directory`), 400);
    const hosted = await api('POST', `${P()}/sources`, { json: { kind: 'github', name: 'Shop on GitHub', repository: 'acme/shop' } });
    const started = await api('POST', `${P()}/sources/${hosted.json.id}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } });
    const scan = await finished(started.json.scanId);
    expect(scan, JSON.stringify(scan)).toMatchObject({ state: 'completed', commitSha: firstCommit });
    expect((await allProposals(scan.id)).map((p) => p.factKey).sort()).toEqual(folderKeys);
  });

  it('accept all: the model holds the facts with observed-in-source provenance pointing at their files and lines; modelVersion rises once', async () => {
    const before = (await api('GET', P())).json.modelVersion;
    const accepted = await api('POST', `${P()}/sources/${folderSourceId}/accept`, { json: {} });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.modelVersion).toBe(before + 1);
    // The message has no producer in any scanned document: the model cannot take it as it is.
    expect(accepted.json.left.map((l: { factKey: string }) => l.factKey)).toContain('message://rabbitmq/OrderPlaced');
    const model = (await api('GET', `${P()}/export`)).json;
    const orders = model.elements.find((e: { name: string; kind: string }) => e.kind === 'app' && e.name === 'orders');
    expect(orders).toMatchObject({ factStatus: 'observed-in-source', provenance: { revision: firstCommit, acceptedAt: expect.any(String), acceptedBy: expect.any(String) } });
    expect(orders.provenance.source).toMatch(/^Shop folder:(docker-compose\.yml|services\/orders\/[A-Za-z.]+)#L\d+-L\d+$/);
    expect(model.elements.find((e: { name: string }) => e.name === 'orders-db')).toMatchObject({ kind: 'store', technology: 'PostgreSQL' });
    expect(model.operations.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(['placeOrder', 'listOrders', 'getOrder']));
    expect(model.channels.map((c: { name: string }) => c.name).sort()).toEqual(['billing.order-placed', 'invoices']);
    const billingApp = model.elements.find((e: { name: string; kind: string }) => e.kind === 'app' && e.name === 'billing');
    expect(model.messages.find((m: { name: string }) => m.name === 'InvoiceIssued')).toMatchObject({ producerId: billingApp.id, factStatus: 'observed-in-source' });
    expectNoSecrets(JSON.stringify(model));
    const bindings = (await api('GET', `${P()}/sources/${folderSourceId}/bindings`)).json.items;
    expect(bindings.find((b: { factKey: string }) => b.factKey === 'element:app:orders')).toEqual({ factKey: 'element:app:orders', entityKind: 'element', entityId: orders.id });
    const documents = (await api('GET', `${P()}/sources/${folderSourceId}/documents`)).json.items.map((d: { path: string }) => d.path);
    expect(documents).toEqual(expect.arrayContaining(['docker-compose.yml', 'services/orders/openapi.yaml', 'services/billing/asyncapi.yaml']));
    expect(documents).not.toContain('.env');

    // The archive's proposals were made before the folder's were accepted: accepting them now lands on the same records.
    const archive = (await api('GET', `${P()}/sources`)).json.items.find((x: { kind: string }) => x.kind === 'archive');
    const second = await api('POST', `${P()}/sources/${archive.id}/accept`, { json: {} });
    expect(second.status, second.text).toBe(200);
    const after = (await api('GET', `${P()}/export`)).json;
    expect(after.elements.filter((e: { kind: string; name: string }) => e.kind === 'app' && e.name === 'orders')).toHaveLength(1);
    expect(after.relationships.length).toBe(model.relationships.length);
    expect(after.operations.length).toBe(model.operations.length);
  });

  it('a later scan without the billing service proposes its removal and marks it stale with the new commit; putting it back clears the mark', async () => {
    await rm(join(root, 'shop', 'services', 'billing'), { recursive: true, force: true });
    await writeFile(join(root, 'shop', '.git', 'HEAD'), `${secondCommit}\n`);
    const compose = join(root, 'shop', 'docker-compose.yml');
    const original = await readFile(compose, 'utf8');
    await writeFile(compose, original.replace(/\n {2}billing:[\s\S]*?(?=\n {2}[a-z-]+:|\n[a-z]|$)/, ''));
    const started = await api('POST', `${P()}/sources/${folderSourceId}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } });
    const scan = await finished(started.json.scanId);
    expect(scan).toMatchObject({ state: 'completed', commitSha: secondCommit, isComplete: true });
    const removals = (await allProposals(scan.id)).filter((p) => p.action === 'remove').map((p) => p.factKey);
    expect(removals).toContain('element:app:billing');
    const snapshots = (await api('GET', `${P()}/sources/${folderSourceId}/snapshots`)).json.items;
    expect(snapshots.map((x: { commitSha: string }) => x.commitSha)).toEqual([secondCommit, firstCommit]);
    const compared = await api('GET', `${P()}/sources/${folderSourceId}/snapshots/compare?base=${snapshots[1].id}&head=${snapshots[0].id}`);
    expect(compared.json.removed).toContain('element:app:billing');
    expect(compared.json.added).toEqual([]);
    const billing = (await api('GET', `${P()}/export`)).json.elements.find((e: { name: string; kind: string }) => e.kind === 'app' && e.name === 'billing');
    expect(billing.stale).toEqual({ sinceRevision: secondCommit, reason: 'evidence-not-found' });

    // Impact: a view rooted at billing and a scenario in which billing writes are affected by the removals.
    const ordersDb = (await api('GET', `${P()}/export`)).json.elements.find((e: { name: string }) => e.name === 'orders-db');
    const view = await api('POST', `${P()}/views`, { json: { name: 'Billing', rootElementId: billing.id } });
    expect(view.status, view.text).toBe(201);
    const scenarioId = '5cea0000-0000-4000-8000-00000000b111';
    const scenario = await api('POST', `${P()}/scenarios`, { json: { id: scenarioId, name: 'Billing writes', steps: [{ type: 'write', id: 'w', by: billing.id, store: ordersDb.id, dataset: 'invoices', change: { n: 1 } }] } });
    expect(scenario.status, scenario.text).toBe(201);
    const impact = await api('GET', `${P()}/imports/${scan.id}/impact`);
    expect(impact.status, impact.text).toBe(200);
    expect(impact.json).toMatchObject({ needsAcknowledgement: true, views: [{ id: view.json.id, reason: 'its root element would be removed' }], scenarios: [{ id: scenarioId }] });
    const report = await api('GET', `${P()}/imports/${scan.id}/impact/report`);
    expect(report.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(report.text).toContain('Billing (');
    const checks = await api('POST', `${P()}/imports/${scan.id}/impact/checks`);
    expect(checks.status, checks.text).toBe(200);
    const check = checks.json.scenarios.find((c: { scenarioId: string }) => c.scenarioId === scenarioId);
    expect(check.newIssues.length).toBeGreaterThan(0);
    const versionBefore = (await api('GET', P())).json.modelVersion;
    const removalIds = (await allProposals(scan.id)).filter((p) => p.action === 'remove').map((p) => p.id);
    const refused = await api('POST', `${P()}/imports/${scan.id}/proposals/decide`, { json: { accept: removalIds, reject: [] } });
    expect(expectProblem(refused, 409).errors).toEqual([{ field: 'acknowledgeImpact', message: 'must be true: the decision has impact' }]);
    expect((await api('GET', P())).json.modelVersion).toBe(versionBefore);

    await cp(join(fixture, 'services', 'billing'), join(root, 'shop', 'services', 'billing'), { recursive: true });
    await writeFile(compose, original);
    await writeFile(join(root, 'shop', '.git', 'HEAD'), `${'c'.repeat(40)}\n`);
    const again = await finished((await api('POST', `${P()}/sources/${folderSourceId}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } })).json.scanId);
    expect(again).toMatchObject({ state: 'completed', isComplete: true });
    const back = (await api('GET', `${P()}/export`)).json.elements.find((e: { name: string; kind: string }) => e.kind === 'app' && e.name === 'billing');
    expect(back.stale).toBeNull();
  });

  it('limits: a scan over import.maxFiles is partial and marks nothing stale; refused archives store nothing', async () => {
    const settings = await api('GET', `/api/workspaces/${workspaceId}/settings`);
    await api('PUT', `/api/workspaces/${workspaceId}/settings`, { headers: { 'if-match': settings.headers.get('etag')! }, json: { github: { apiBaseUrl: github.apiBaseUrl }, import: { maxFiles: 2, maxArchiveBytes: 1_048_576 } } });
    const started = await api('POST', `${P()}/sources/${folderSourceId}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } });
    const scan = await finished(started.json.scanId);
    expect(scan).toMatchObject({ state: 'completed', isComplete: false, limits: { maxFiles: 2 } });
    expect(scan.extractionGap).toEqual(expect.any(String));
    expect(scan.skipped.some((s: { reason: string }) => s.reason === 'file-limit')).toBe(true);
    expect((await allProposals(scan.id)).filter((p) => p.action === 'remove')).toEqual([]);

    // A file over import.maxFileBytes is skipped as too-large and never read.
    const current = await api('GET', `/api/workspaces/${workspaceId}/settings`);
    await api('PUT', `/api/workspaces/${workspaceId}/settings`, { headers: { 'if-match': current.headers.get('etag')! }, json: { github: { apiBaseUrl: github.apiBaseUrl }, import: { maxFileBytes: 1024, maxArchiveBytes: 1_048_576 } } });
    const small = await finished((await api('POST', `${P()}/sources/${folderSourceId}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } })).json.scanId);
    expect(small).toMatchObject({ state: 'completed', limits: { maxFileBytes: 1024 } });
    expect(small.skipped).toEqual(expect.arrayContaining([{ path: 'services/orders/openapi.yaml', reason: 'too-large' }]));
    expect((await allProposals(small.id)).some((p) => p.factKey.startsWith('operation:'))).toBe(false);

    const archive = (await api('GET', `${P()}/sources`)).json.items.find((s: { kind: string }) => s.kind === 'archive');
    const scansBefore = (await api('GET', `${P()}/imports?limit=200`)).json.items.length;
    const slip = buildZip([{ name: '../evil.txt', data: 'x' }]);
    const refused = await api('POST', `${P()}/sources/${archive.id}/archive`, { body: slip, headers: { 'content-type': 'application/zip' } });
    expect(expectProblem(refused, 400).detail).toMatch(/refused/);
    const big = buildZip([{ name: 'big.txt', data: Buffer.alloc(2_000_000, 65) }]);
    expectProblem(await api('POST', `${P()}/sources/${archive.id}/archive`, { body: big, headers: { 'content-type': 'application/zip' } }), 413);
    expect((await api('GET', `${P()}/imports?limit=200`)).json.items.length).toBe(scansBefore);
  });

  it('a text file with a NUL past the binary probe (8000 bytes) is read; its kept text shows U+FFFD there, and the scan completes', async () => {
    const current = await api('GET', `/api/workspaces/${workspaceId}/settings`);
    await api('PUT', `/api/workspaces/${workspaceId}/settings`, { headers: { 'if-match': current.headers.get('etag')! }, json: { github: { apiBaseUrl: github.apiBaseUrl } } });
    const project = (await api('POST', `/api/workspaces/${workspaceId}/projects`, { json: { name: 'Late NUL', description: '' } })).json.id;
    const source = (await api('POST', `/api/projects/${project}/sources`, { json: { kind: 'archive', name: 'Late NUL', repository: null } })).json.id;
    const padding = '# padding line\n'.repeat(700);
    const compose = `${padding}services:\n  orders:\n    image: shop/orders:1\n    ports: ["8080:8080"]\n# \u0000 a stray NUL\n`;
    const upload = await api('POST', `/api/projects/${project}/sources/${source}/archive`, { body: buildZip([{ name: 'docker-compose.yml', data: compose }]), headers: { 'content-type': 'application/zip' } });
    expect(upload.status, upload.text).toBe(202);
    const deadline = Date.now() + 60_000;
    let scan: any;
    do {
      scan = (await api('GET', `/api/projects/${project}/imports/${upload.json.scanId}`)).json;
      if (scan.state === 'completed' || scan.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    } while (Date.now() < deadline);
    expect(scan, JSON.stringify(scan)).toMatchObject({ state: 'completed', error: null });
    expect(scan.factCount).toBeGreaterThan(0);
    const last = compose.split('\n').length - 1;
    const window = await api('GET', `/api/projects/${project}/imports/${scan.id}/source?path=docker-compose.yml&startLine=${last - 4}&endLine=${last}`);
    expect(window.status, window.text).toBe(200);
    expect(window.json.lines).toContain('# \ufffd a stray NUL');
  });
});
