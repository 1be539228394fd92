#!/usr/bin/env node
// The README's first hour, from outside: clone the repository into a folder
// under a mode-700 parent (as a home folder is), run `npm install && npm start`
// there, wait for /health to answer 200 and check the web client at /. As root, once as root (the clone
// in root's own closed folder) and once as a new normal user in its 0700 home,
// both at once; as anyone else, once as that user. `npm install` is
// `npm ci --prefer-offline` over a copy of the caller's npm cache, to keep it
// fast. Exits non-zero when a run does not reach /health 200.
//
//   node test/first-run/clone-and-start.mjs        (CI runs it as root: .ci/run)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';

const repository = resolve(import.meta.dirname, '../..');
// `npm ci` from a cold clone (about 50 s here) plus the full build of `npm start` (about 55 s)
// plus the first start: about 110 s on a quiet machine, up to 150 s right after the suite. The
// bound catches a start that never answers, not a slow one; issue "a start that does not rebuild"
// is where the time itself is worked on.
const healthTimeoutMs = 300_000;
const testUser = 'svcfirstrun';
const isRoot = userInfo().uid === 0;
const begun = Date.now();
const elapsed = () => `${((Date.now() - begun) / 1000).toFixed(0)} s`;

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

function npmCache() {
  try {
    return execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return join(homedir(), '.npm');
  }
}

async function healthOf(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return undefined;
  }
}

/** The web client at `/`: index.html naming its hashed script, and that script served; else a reason. */
async function webClientProblem(origin) {
  try {
    const page = await fetch(`${origin}/`, { signal: AbortSignal.timeout(5000) });
    const html = await page.text();
    const script = /<script type="module" src="(\/assets\/main-[A-Z0-9]+\.js)"/.exec(html)?.[1];
    if (page.status !== 200 || !script) return `GET / answered ${page.status} without the client's script`;
    const code = await fetch(`${origin}${script}`, { signal: AbortSignal.timeout(5000) });
    return code.status === 200 ? null : `GET ${script} answered ${code.status}`;
  } catch (error) {
    return `GET / failed: ${error}`;
  }
}

/** Runs `npm install && npm start` in `folder` (as `user` when given) until /health is 200, checks the web client at /, then stops it with SIGTERM. */
async function firstStart(name, folder, user, env) {
  const started = Date.now();
  const port = await freePort();
  const command = 'npm ci --prefer-offline --no-audit --no-fund --loglevel=error && npm start';
  const child = spawn('sh', ['-c', command], {
    cwd: folder,
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exitCode;
  child.on('exit', (code, signal) => (exitCode = code ?? signal));
  const url = `http://127.0.0.1:${port}/health`;
  let status;
  while (Date.now() - started < healthTimeoutMs && exitCode === undefined) {
    status = await healthOf(url);
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const clientProblem = status === 200 ? await webClientProblem(`http://127.0.0.1:${port}`) : null;
  if (exitCode === undefined) {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => (exitCode === undefined ? child.once('exit', r) : r()));
  }
  await databaseStopped(folder);
  console.log(`     ${name}: stopped at ${elapsed()}`);
  const ok = status === 200 && clientProblem === null;
  const lastLines = output.trim().split('\n').slice(-15).join('\n');
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: /health ${status ?? 'no answer'} after ${seconds} s${clientProblem ? `; web client: ${clientProblem}` : ', web client served at /'}${ok ? '' : `\n${lastLines}`}`);
  return ok;
}

/** The service stops its database after npm has gone: wait for the server's pid file to go (bounded). */
async function databaseStopped(folder) {
  let cluster = join(folder, 'data', 'pg');
  try {
    cluster = JSON.parse(readFileSync(join(folder, 'data', 'pg.json'), 'utf8')).cluster ?? cluster;
  } catch {
    return;
  }
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && existsSync(join(cluster, 'postmaster.pid'))) await new Promise((r) => setTimeout(r, 200));
}

/** Removes a cluster the service kept outside the clone (root's closed folder): its place is in data/pg.json. */
function removeExternalCluster(folder) {
  try {
    const settings = JSON.parse(readFileSync(join(folder, 'data', 'pg.json'), 'utf8'));
    if (settings.cluster) rmSync(settings.cluster, { recursive: true, force: true });
  } catch {
    /* no settings: nothing was made outside */
  }
}

function clone(parent) {
  const folder = join(parent, 'svc');
  execFileSync('git', ['clone', '--quiet', repository, folder], { stdio: 'inherit' });
  return folder;
}

function createTestUser() {
  if (existsSync(`/home/${testUser}`) || spawnOk('id', [testUser])) execFileSync('userdel', ['--remove', testUser], { stdio: 'ignore' });
  execFileSync('useradd', ['--create-home', '--shell', '/bin/sh', testUser]);
  const home = `/home/${testUser}`;
  chmodSync(home, 0o700);
  const uid = Number(execFileSync('id', ['-u', testUser], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', testUser], { encoding: 'utf8' }).trim());
  return { uid, gid, home };
}

function run(file, args, options = {}) {
  if (options.mkdir) mkdirSync(options.mkdir, { recursive: true });
  return new Promise((done, fail) => {
    const child = spawn(file, args, { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${file} ${args.join(' ')} exited with ${code}`))));
  });
}

function spawnOk(file, args) {
  try {
    execFileSync(file, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const runs = [];
const cleanups = [];
try {
  const cache = npmCache();
  if (isRoot) {
    const parent = mkdtempSync(join(tmpdir(), 'svc-first-run-root-'));
    chmodSync(parent, 0o700);
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    const folder = clone(parent);
    cleanups.unshift(() => removeExternalCluster(folder));
    runs.push(firstStart('as root, clone in a 0700 folder', folder, undefined, { HOME: parent, npm_config_cache: cache }));

    const user = createTestUser();
    cleanups.push(() => execFileSync('userdel', ['--remove', testUser], { stdio: 'ignore' }));
    const userFolder = clone(user.home);
    const userCache = join(user.home, '.npm');
    // Copied beside the root run (cp, not the event loop): the copy takes seconds.
    runs.push(
      (async () => {
        if (existsSync(join(cache, '_cacache'))) await run('cp', ['-r', join(cache, '_cacache'), join(userCache, '_cacache')], { mkdir: userCache });
        await run('chown', ['-R', `${user.uid}:${user.gid}`, user.home]);
        return firstStart(`as the normal user ${testUser}, clone in its 0700 home`, userFolder, user, { HOME: user.home, npm_config_cache: userCache });
      })(),
    );
  } else {
    console.log('skip as root: not running as root (CI runs this as root and also creates a normal user)');
    const parent = mkdtempSync(join(tmpdir(), 'svc-first-run-'));
    chmodSync(parent, 0o700);
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    runs.push(firstStart(`as ${userInfo().username}, clone in a 0700 folder`, clone(parent), undefined, { HOME: homedir(), npm_config_cache: cache }));
  }
  const results = await Promise.all(
    runs.map((r) =>
      r.catch((error) => {
        console.log(`FAIL ${error.message}`);
        return false;
      }),
    ),
  );
  process.exitCode = results.every(Boolean) ? 0 : 1;
} finally {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch (error) {
      console.log(`cleanup: ${error.message}`);
    }
  }
  console.log(`first-run check done in ${elapsed()} (clones and their node_modules removed)`);
}
