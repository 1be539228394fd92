import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanPatterns } from '../fixtures/scan-patterns';
import { call, type CallOptions, type HttpAnswer, sessionCookieOf, strongPassword } from '../support/http-client';
import { type ServiceProcess, startServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { copyBundle, fixtureCommit, openFolder, runCli, shopCheckout } from './cli-runner';

/**
 * `svc scan` against the real service (part 2 "Command-line tool"; the push
 * endpoints of "Sources"): a checkout with a packed ref becomes a snapshot
 * at that commit with proposals; the same fixture scanned by the server as a
 * `directory` Source gives the same facts, and so does every scanner pattern
 * fixture (test/fixtures/scan-patterns.ts); a dry run and the payload file; a
 * token without `push` (3), a name taken by another kind of Source (4), the
 * service gone (5).
 */
const setupToken = 'cli-push-test-setup-token-0123';
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('svc scan against the service', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let root: string;
  let bundle: string;
  let owner: string;
  let projectId: string;
  let pushToken: string;
  let readToken: string;
  let env: Record<string, string>;

  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, { session: owner, ...options });
  const P = () => `/api/projects/${projectId}`;
  const scan = (args: string[], extra: Record<string, string | undefined> = {}) => runCli(bundle, ['scan', ...args], { env: { ...env, ...extra }, cwd: root });

  async function factKeysOf(scanId: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor: string | null = null;
    do {
      const page: HttpAnswer = await api('GET', `${P()}/imports/${scanId}/proposals?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, page.text).toBe(200);
      keys.push(...page.json.items.map((p: { factKey: string; action: string }) => `${p.action} ${p.factKey}`));
      cursor = page.json.nextCursor;
    } while (cursor);
    return keys.sort();
  }

  async function finished(scanId: string): Promise<{ state: string; commitSha: string | null }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await api('GET', `${P()}/imports/${scanId}`);
      if (['completed', 'failed', 'cancelled'].includes(answer.json.state)) return answer.json;
      if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${answer.json.state}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(async () => {
    root = await openFolder('svc-cli-push-');
    bundle = await copyBundle(root);
    await shopCheckout(root);
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken, Svc__SourcesRoot: root });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    owner = sessionCookieOf(setup).value;
    const workspaceId = setup.json.workspace.id;
    projectId = (await api('POST', `/api/workspaces/${workspaceId}/projects`, { json: { name: 'Shop', description: '' } })).json.id;
    const token = async (name: string, scopes: string[]) => (await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { json: { name, scopes, projectId: null, expiresAt: null } })).json.token as string;
    pushToken = await token('ci', ['push']);
    readToken = await token('reader', ['read']);
    env = { SVC_URL: service.url, SVC_PROJECT: projectId, SVC_TOKEN: pushToken };
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  let pushedScanId: string;

  it('0: pushes the checkout: a push Source, a snapshot at the commit of the packed ref, proposals of its facts; --payload holds the body', async () => {
    const result = await scan(['shop', '--payload', 'push.json']);
    expect(result.code, result.stderr).toBe(0);
    const match = new RegExp(`^shop: pushed snapshot (${uuid}) of Source "shop" \\(source (${uuid}), scan (${uuid})\\); .*proposals: (\\d+) add, 0 change, 0 remove\\n$`).exec(result.stdout);
    expect(match, result.stdout).not.toBeNull();
    const [, snapshotId, sourceId, scanId, added] = match!;
    pushedScanId = scanId!;
    const source = await api('GET', `${P()}/sources/${sourceId}`);
    expect(source.json).toMatchObject({ kind: 'push', name: 'shop' });
    const snapshots = await api('GET', `${P()}/sources/${sourceId}/snapshots`);
    expect(snapshots.json.items).toEqual([expect.objectContaining({ id: snapshotId, commitSha: fixtureCommit })]);
    const keys = await factKeysOf(scanId!);
    expect(keys).toHaveLength(Number(added));
    expect(keys).toEqual(expect.arrayContaining(['add element:app:orders', 'add element:store:orders-db', 'add channel://rabbitmq/invoices', 'add operation:element:app:orders:POST /orders']));
    const [body] = JSON.parse(await readFile(join(root, 'push.json'), 'utf8'));
    expect(body.facts.map((f: { key: string }) => `add ${f.key}`).sort()).toEqual(keys);
    expect(body.commitSha).toBe(fixtureCommit);
  });

  it('the same fixture scanned by the server as a directory Source gives the same facts', async () => {
    const source = await api('POST', `${P()}/sources`, { json: { kind: 'directory', name: 'Shop folder', repository: null, path: 'shop' } });
    expect(source.status, source.text).toBe(201);
    const started = await api('POST', `${P()}/sources/${source.json.id}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } });
    expect(started.status, started.text).toBe(202);
    const scanned = await finished(started.json.scanId);
    expect(scanned).toMatchObject({ state: 'completed', commitSha: fixtureCommit });
    expect(await factKeysOf(started.json.scanId)).toEqual(await factKeysOf(pushedScanId));
  });

  it('each scanner pattern fixture gives the same facts from the server scan of a folder and from svc scan', async () => {
    for (const [name, files] of Object.entries(scanPatterns)) {
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(root, name, path)), { recursive: true });
        await writeFile(join(root, name, path), text);
      }
      const pushed = await scan([name]);
      expect(pushed.code, pushed.stderr).toBe(0);
      const pushedScan = new RegExp(`scan (${uuid})\\)`).exec(pushed.stdout)?.[1];
      expect(pushedScan, pushed.stdout).toBeDefined();
      const source = await api('POST', `${P()}/sources`, { json: { kind: 'directory', name: `${name} folder`, repository: null, path: name } });
      expect(source.status, source.text).toBe(201);
      const started = await api('POST', `${P()}/sources/${source.json.id}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } });
      expect(started.status, started.text).toBe(202);
      expect(await finished(started.json.scanId)).toMatchObject({ state: 'completed' });
      const keys = await factKeysOf(started.json.scanId);
      expect(keys.some((key) => key.startsWith('add element:')), name).toBe(true);
      expect(keys, name).toEqual(await factKeysOf(pushedScan!));
    }
  });

  it('--dry-run: the server is asked for its rules and limits, a snapshot ID is printed, nothing is stored', async () => {
    const before = (await api('GET', `${P()}/imports`)).json.items.length;
    const result = await scan(['shop', '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^shop: dry run, nothing pushed: snapshot ${uuid} \\(computed from the body\\)`));
    expect((await api('GET', `${P()}/imports`)).json.items.length).toBe(before);
  });

  it('3: a token without the push scope and an unknown token are refused', async () => {
    const reader = await scan(['shop'], { SVC_TOKEN: readToken });
    expect(reader.code).toBe(3);
    expect(reader.stderr).toContain('refused the token (403');
    const unknown = await scan(['shop'], { SVC_TOKEN: 'svc_at_not-a-token' });
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('refused the token (401');
  });

  it('4: a name whose slug is a Source of another kind is refused by the server', async () => {
    const result = await scan(['shop', '--name', 'Shop Folder']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('(409');
  });

  it('2: a project the token cannot see (404) is a wrong --project', async () => {
    const result = await scan(['shop'], { SVC_PROJECT: '00000000-0000-4000-8000-000000000000' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('check --project or SVC_PROJECT');
  });

  it('5: the service is gone', async () => {
    await service.stop();
    const result = await scan(['shop']);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('cannot reach');
  });
});
