import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractionRulesVersion } from '../../lib/core/extract/rules-version';
import { copyBundle, fixtureCommit, openFolder, runCli, shopCheckout } from './cli-runner';
import { type FakePushServer, defaultPushSettings, problem, startFakePushServer } from './fake-push-server';

/**
 * The built `svc` bundle, alone in a folder with no node_modules, run as a
 * child process against a stand-in of the push endpoints (the contract of
 * part 2 "Command-line tool"): the two requests and the body it sends, and
 * every exit code: 0 pushed, 1 a directory could not be read, 2 usage, 3 token
 * refused, 4 push refused (other rules, limit, bad body, conflict, rate),
 * 5 server failure, unreachable or silent. Also the dry run, the payload file,
 * and the files a scan never reads (links, FIFO, socket, `.ssh`).
 */
const secretMarker = 'NEVER-READ-8c1f';
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe('svc scan against the push endpoints', () => {
  let folder: string;
  let bundle: string;
  let shop: string;
  let server: FakePushServer;
  let env: Record<string, string>;
  let socketServer: NetServer;

  const pushes = () => server.received.filter((r) => r.method === 'POST');
  const scan = (args: string[], extra: { env?: Record<string, string | undefined>; asOtherUser?: boolean; timeoutMs?: number } = {}) =>
    runCli(bundle, ['scan', ...args], { env: { ...env, ...extra.env }, cwd: folder, asOtherUser: extra.asOtherUser, timeoutMs: extra.timeoutMs });

  beforeAll(async () => {
    folder = await openFolder('svc-cli-');
    bundle = await copyBundle(folder);
    shop = await shopCheckout(folder);
    // What a scan must never read: links (to a file and to a folder outside), a FIFO, a socket, a `.ssh` folder.
    const outside = join(folder, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'package.json'), JSON.stringify({ name: secretMarker }));
    await symlink(join(outside, 'package.json'), join(shop, 'linked-package.json'));
    await symlink(outside, join(shop, 'services', 'linked-folder'));
    await mkdir(join(shop, '.ssh'));
    await writeFile(join(shop, '.ssh', 'config'), `Host x\n  User ${secretMarker}\n`);
    await writeFile(join(shop, '.ssh', 'package.json'), JSON.stringify({ name: secretMarker }));
    execFileSync('mkfifo', [join(shop, 'pipe')]);
    socketServer = createNetServer();
    await new Promise<void>((r) => socketServer.listen(join(shop, 'control.sock'), r));
    server = await startFakePushServer();
    env = { SVC_URL: server.url, SVC_PROJECT: server.projectId, SVC_TOKEN: server.token };
  });

  afterAll(async () => {
    await server?.close();
    await new Promise((r) => socketServer?.close(r));
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  beforeEach(() => {
    server.received.length = 0;
    server.settings = { status: 200, body: defaultPushSettings };
    server.pushAnswers = [];
    server.silent = false;
  });

  it('0: asks for the settings, then pushes the checkout with the commit of its packed ref, the facts and the narrowed scope', async () => {
    const result = await scan(['shop', '--max-files', '500', '--exclude-glob', '**/*.snap', '--exclude', 'deploy', '--payload', 'push.json']);
    expect(result.code, result.stderr).toBe(0);
    expect(server.received.map((r) => r.method)).toEqual(['GET', 'POST']);
    for (const request of server.received) {
      expect(request.path).toBe(`/api/projects/${server.projectId}/sources/push`);
      expect(request.headers.authorization).toBe(`Bearer ${server.token}`);
    }
    const sent = pushes()[0]!;
    expect(sent.headers['content-type']).toBe('application/json');
    const body = JSON.parse(sent.body);
    expect(Object.keys(body).sort()).toEqual(['commitSha', 'diagnostics', 'extractionGap', 'facts', 'files', 'filesListed', 'isComplete', 'name', 'rules', 'scope', 'skipped']);
    // The diagnostics travel with the push: what each extractor read and found.
    const dockerfiles = body.diagnostics.extractors.find((e: { extractor: string }) => e.extractor === 'dockerfile');
    expect(dockerfiles).toMatchObject({ filesRead: 2 });
    expect(dockerfiles.factsMade).toBeGreaterThan(0);
    expect(body).toMatchObject({
      name: 'shop',
      commitSha: fixtureCommit,
      rules: [{ name: 'extraction', version: extractionRulesVersion }],
      scope: {
        includePaths: [],
        excludePaths: ['deploy'],
        excludeGlobs: ['**/node_modules/**', '**/*.min.*', '**/*.snap'],
        limits: { maxFiles: 500, maxFileBytes: 262_144, maxTotalBytes: 20_971_520 },
      },
      isComplete: true,
      extractionGap: null,
    });
    const factKeys = body.facts.map((f: { key: string }) => f.key);
    expect(factKeys).toEqual(expect.arrayContaining(['element:app:orders', 'element:store:orders-db', 'channel://rabbitmq/invoices']));
    const compose = body.files.find((f: { path: string }) => f.path === 'docker-compose.yml');
    const composeBytes = await readFile(join(shop, 'docker-compose.yml'));
    expect(compose).toEqual({ path: 'docker-compose.yml', blobSha: execFileSync('git', ['hash-object', join(shop, 'docker-compose.yml')]).toString().trim(), size: composeBytes.length });
    expect(body.skipped).toEqual(expect.arrayContaining([{ path: 'deploy/id_rsa', reason: 'excluded' }]));
    // Compose's .env is read cleared: its blob is listed, its secret values are nowhere in the body.
    expect(body.files.map((f: { path: string }) => f.path)).toContain('.env');
    expect(sent.body).not.toContain('FAKE-dotenv-password');
    // The stdout line names the snapshot the server gave.
    expect(result.stdout).toMatch(new RegExp(`^shop: pushed snapshot ${uuid.source} of Source "shop"`));
    // --payload holds exactly the text that was sent.
    expect(await readFile(join(folder, 'push.json'), 'utf8')).toBe(`[\n${sent.body}\n]\n`);
  });

  it('0: links, the FIFO, the socket and the .ssh folder are never read; the FIFO and socket are skipped as read-failure and the push stays complete', async () => {
    const result = await scan(['shop'], { timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(0);
    const text = pushes()[0]!.body;
    expect(text).not.toContain(secretMarker);
    const body = JSON.parse(text);
    const named = [...body.files.map((f: { path: string }) => f.path), ...body.skipped.map((s: { path: string }) => s.path)];
    expect(named.filter((p: string) => p.startsWith('.ssh') || p.startsWith('.git/') || p.includes('linked'))).toEqual([]);
    expect(body.skipped).toEqual(expect.arrayContaining([{ path: 'pipe', reason: 'read-failure' }, { path: 'control.sock', reason: 'read-failure' }]));
    expect(body.isComplete).toBe(true);
  });

  it('4: the server has other extraction rules: no file is read, nothing is pushed, the message says to update svc', async () => {
    const unlistable = join(shop, 'services', 'private');
    await mkdir(unlistable);
    await chmod(unlistable, 0o000);
    try {
      server.settings = { status: 200, body: { ...defaultPushSettings, rulesVersion: '0123456789abcdef' } };
      // A folder the other user can write to.
      await mkdir(join(folder, 'out'), { mode: 0o777 });
      await chmod(join(folder, 'out'), 0o777);
      const result = await scan(['shop', '--payload', 'out/rules.json'], { asOtherUser: true });
      expect(result.code).toBe(4);
      expect(result.stderr).toContain('update svc');
      expect(result.stderr).toContain('0123456789abcdef');
      // Had the walk run, the folder it cannot list would be named.
      expect(result.stderr).not.toContain('services/private');
      expect(pushes()).toEqual([]);
      expect(await readFile(join(folder, 'out', 'rules.json'), 'utf8')).toBe('[]\n');
    } finally {
      await chmod(unlistable, 0o755);
      await rm(unlistable, { recursive: true });
    }
  });

  it('1: a folder that cannot be listed makes the push partial, named on stderr; a root that cannot be read pushes nothing, and the next directory is still pushed', async () => {
    const unlistable = join(shop, 'services', 'private');
    await mkdir(unlistable);
    await chmod(unlistable, 0o000);
    const closed = join(folder, 'closed');
    await mkdir(closed, { mode: 0o000 });
    await chmod(closed, 0o000);
    const other = await shopCheckout(folder, 'other');
    try {
      const partial = await scan(['shop'], { asOtherUser: true });
      expect(partial.code).toBe(1);
      expect(partial.stderr).toContain('services/private could not be listed: the push is partial');
      const body = JSON.parse(pushes()[0]!.body);
      expect(body.isComplete).toBe(false);
      expect(body.extractionGap).toContain('could not be listed: services/private');
      expect(body.skipped).toContainEqual({ path: 'services/private', reason: 'read-failure' });

      server.received.length = 0;
      const several = await scan(['closed', 'other'], { asOtherUser: true });
      expect(several.code).toBe(1);
      expect(several.stderr).toContain('closed: cannot be read');
      expect(pushes().map((p) => JSON.parse(p.body).name)).toEqual(['other']);
      expect(several.stdout).toContain('other: pushed snapshot');
    } finally {
      await chmod(unlistable, 0o755);
      await rm(unlistable, { recursive: true });
      await chmod(closed, 0o755);
      await rm(other, { recursive: true });
    }
  });

  it('2: a missing directory, a file given as directory, a bad flag, a missing token or plain http to another machine: nothing is sent', async () => {
    await writeFile(join(folder, 'a-file'), 'x');
    const cases: [string[], Record<string, string | undefined>, string][] = [
      [['shop', 'missing'], {}, 'missing does not exist'],
      [['a-file'], {}, 'a-file is not a directory'],
      [['shop', '--max-files', 'many'], {}, '--max-files must be a whole number'],
      [['shop', '--frobnicate'], {}, 'unknown flag --frobnicate'],
      [['shop'], { SVC_TOKEN: undefined }, 'SVC_TOKEN'],
      [['shop'], { SVC_PROJECT: undefined }, '--project'],
      [['shop', '--url', 'http://svc.example.com'], {}, '--allow-http'],
      [['shop', '--payload', join(folder, 'no', 'such', 'folder', 'p.json')], {}, '--payload: cannot write'],
    ];
    for (const [args, extra, message] of cases) {
      const result = await scan(args, { env: extra });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(server.received).toEqual([]);
  });

  it('3: the server refuses the token (401 unknown, 403 wrong scope)', async () => {
    const unknown = await scan(['shop'], { env: { SVC_TOKEN: 'svc_at_unknown' } });
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('refused the token (401');
    server.settings = problem(403, 'forbidden', 'The token lacks the push scope');
    const scope = await scan(['shop']);
    expect(scope.code).toBe(3);
    expect(scope.stderr).toContain('The token lacks the push scope');
    expect(pushes()).toEqual([]);
  });

  it('4: the server refuses the push (400 naming the field, 409, 413, 429 with Retry-After); with several directories each is tried and the first failure decides', async () => {
    const second = await shopCheckout(folder, 'second');
    const third = await shopCheckout(folder, 'third');
    try {
      server.pushAnswers = [
        problem(400, 'validation_error', 'The request is not valid', null, [{ field: 'facts[3].name', message: 'must not be blank' }]),
        problem(409, 'conflict', 'Another push of this Source is running'),
        problem(413, 'payload_too_large', 'The body is over the limit'),
        { ...problem(429, 'rate_limited', 'Daily scan limit reached'), headers: { 'retry-after': '3600' } },
      ];
      const result = await scan(['shop', 'second', 'third']);
      expect(result.code).toBe(4);
      expect(pushes()).toHaveLength(3);
      expect(result.stderr).toContain('facts[3].name: must not be blank');
      expect(result.stderr).toContain('Another push of this Source is running');
      expect(result.stderr).toContain('--include or --exclude');
      const rate = await scan(['shop']);
      expect(rate.code).toBe(4);
      expect(rate.stderr).toContain('try again after 3600 seconds');
      // The first failure decides: here the first directory is pushed, the second fails.
      server.pushAnswers = [{ status: 201, body: { sourceId: 's', scanId: 'c', snapshotId: 'n' } }, problem(500, 'internal', 'Internal error')];
      const mixed = await scan(['shop', 'second', 'third']);
      expect(mixed.code).toBe(5);
      expect(mixed.stdout).toContain('shop: pushed snapshot n');
      expect(mixed.stdout).toContain('third: pushed snapshot');
    } finally {
      await rm(second, { recursive: true });
      await rm(third, { recursive: true });
    }
  });

  it('4: a body over the server limit is refused before sending, naming its size and how to narrow it', async () => {
    server.settings = { status: 200, body: { ...defaultPushSettings, maxBodyBytes: 2000 } };
    const result = await scan(['shop']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/the push body is [\d,]+ bytes, over the service's limit of 2,000 bytes/);
    expect(result.stderr).toContain('--include or --exclude');
    expect(pushes()).toEqual([]);
  });

  it('5: a server failure, a server that is down, a server that does not answer within --timeout', async () => {
    server.settings = problem(503, 'unavailable', 'Database unavailable');
    const failing = await scan(['shop']);
    expect(failing.code).toBe(5);
    expect(failing.stderr).toContain('Database unavailable');

    const down = await startFakePushServer();
    const downUrl = down.url;
    await down.close();
    const unreachable = await scan(['shop'], { env: { SVC_URL: downUrl } });
    expect(unreachable.code).toBe(5);
    expect(unreachable.stderr).toContain('cannot reach');
    expect(unreachable.stderr).toContain('ECONNREFUSED');

    server.silent = true;
    const silent = await scan(['shop', '--timeout', '1']);
    expect(silent.code).toBe(5);
    expect(silent.stderr).toContain('within 1 s');
    expect(silent.ms).toBeLessThan(10_000);
  });

  it('--dry-run: scans under the server limits, prints the counts and a snapshot ID that depends only on what would be pushed, and pushes nothing', async () => {
    server.settings = { status: 200, body: { ...defaultPushSettings, limits: { ...defaultPushSettings.limits, maxFiles: 4 } } };
    const first = await scan(['shop', '--dry-run', '--payload', 'dry.json']);
    expect(first.code, first.stderr).toBe(0);
    expect(server.received.map((r) => r.method)).toEqual(['GET']);
    expect(first.stdout).toMatch(new RegExp(`^shop: dry run, nothing pushed: snapshot ${uuid.source} \\(computed from the body\\); Source "shop"; 4 files read, \\d+ skipped, \\d+ facts, partial`));
    const [body] = JSON.parse(await readFile(join(folder, 'dry.json'), 'utf8'));
    expect(body.scope.limits.maxFiles).toBe(4);
    // Below the counts: which extractors read the files read, and what they found.
    expect(first.stdout.split('\n')[1]).toMatch(/^ {2}read: .*\d+ files?, \d+ found/);
    expect(body.diagnostics.extractors.reduce((sum: number, e: { filesRead: number }) => sum + e.filesRead, 0)).toBeGreaterThan(0);
    const idOf = (text: string) => uuid.exec(text)![0];
    expect(idOf((await scan(['shop', '--dry-run'])).stdout)).toBe(idOf(first.stdout));
    expect(idOf((await scan(['shop', '--dry-run', '--max-files', '3'])).stdout)).not.toBe(idOf(first.stdout));

    // Without address, project and token: the built-in limits, no request at all.
    server.received.length = 0;
    const offline = await scan(['shop', '--dry-run'], { env: { SVC_URL: undefined, SVC_PROJECT: undefined, SVC_TOKEN: undefined } });
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stderr).toContain('built-in import limits');
    expect(offline.stdout).toContain('complete');
    expect(server.received).toEqual([]);
  });
});
