// What the benchmarks in test/bench share: options, free ports, temporary data
// directories, starting and stopping the built server (or another process),
// first-run setup and API calls, readings from /proc, esbuild bundles of
// TypeScript, statistics and formatting. Not a benchmark (run.mjs skips it).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The repository root (two folders above this file).
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// The built local server that the server benchmarks start.
export const serverEntry = join(repositoryRoot, 'dist/local/main.mjs');
// Where bundles go: outside dist/, which every build deletes; node_modules above it resolves the bundle's packages.
const bundleDirectory = join(repositoryRoot, 'node_modules/.cache/svc-bench');
// The first account's password in every benchmark.
export const benchPassword = 'Correct7Horse-Battery';

// Reads `--flag N` and `--flag=N` into a copy of defaults (`--http-runs` sets httpRuns, as a Number); any other argument throws with the usage text.
export function readOptions(args, defaults, usage) {
  const options = { ...defaults };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split('=', 2);
    const key = flag.startsWith('--') ? flag.slice(2).replace(/-([a-z])/g, (_, letter) => letter.toUpperCase()) : '';
    if (!Object.hasOwn(defaults, key)) throw new Error(`unknown option ${args[i]} (options: ${usage})`);
    options[key] = Number(inline ?? args[++i]);
  }
  return options;
}

// A TCP port on 127.0.0.1 that was free a moment ago.
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

// A new empty directory under the system's temporary folder, mode 0711: as root the embedded server runs as `postgres`, which must pass through it.
export async function temporaryDataDirectory(prefix) {
  const directory = await mkdtemp(join(tmpdir(), prefix));
  await chmod(directory, 0o711);
  return directory;
}

// The only variables a benchmarked process inherits: PATH, HOME and LANG.
export function baseEnvironment() {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG ?? 'C.UTF-8' };
}

// The environment of the built server on 127.0.0.1:port with its data in dataDirectory (and Svc__SetupToken when setupToken is given).
export function serverEnvironment({ port, dataDirectory, setupToken }) {
  return { ...baseEnvironment(), PORT: String(port), HOST: '127.0.0.1', Svc__DataDirectory: dataDirectory, ...(setupToken ? { Svc__SetupToken: setupToken } : {}) };
}

// Spawns `node <args>` and returns a handle whose `ready` resolves with the URL of its "listening on http://…" line.
export function startProcess(label, args, env, timeoutMs) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let started = false;
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const ready = new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk) => {
      // Only a tail is kept, and the output is searched only until the server listens: a server under load writes an
      // access line per request, and reading them must cost this process (which also runs the load) next to nothing.
      output += chunk.toString();
      if (output.length > 256 * 1024) output = output.slice(-64 * 1024);
      if (started) return;
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        started = true;
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${signal ?? code}) before listening:\n${output}`));
    });
  });
  const handle = { label, child, ready, exited, output: () => output, stop: (stopTimeoutMs) => stopProcess(handle, stopTimeoutMs) };
  return handle;
}

// Spawns the built server (dist/local/main.mjs) with env; see startProcess.
export function startServer(env, { label = 'server', timeoutMs = 90_000 } = {}) {
  return startProcess(label, [serverEntry], env, timeoutMs);
}

// Sends SIGTERM to a started process (SIGKILL after timeoutMs) and resolves with its exit { code, signal }.
export async function stopProcess(handle, timeoutMs = 30_000) {
  const { child, exited } = handle;
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

// Stops a started process and prints "stopped <name> (<signal or exit code>)".
export async function stopAndReport(handle, name) {
  const { code, signal } = await handle.stop();
  console.log(`stopped ${name} (${signal ?? `exit ${code}`})`);
}

// Until the returned function is called, SIGINT or SIGTERM runs stop() and then exits with 130.
export function stopOnSignal(stop) {
  const onSignal = () => {
    stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  };
}

// Runs work({ server, base, dataDirectory }) against the built server, started on a free port with a new data directory (prefix, setupToken), stopped on SIGINT/SIGTERM; afterwards runs beforeStop, stops it ("stopped the server (…)") and deletes the directory.
export async function withServer({ prefix, setupToken, beforeStop }, work) {
  const dataDirectory = await temporaryDataDirectory(prefix);
  const server = startServer(serverEnvironment({ port: await freePort(), dataDirectory, setupToken }));
  const releaseSignals = stopOnSignal(() => server.stop());
  try {
    return await work({ server, base: await server.ready, dataDirectory });
  } finally {
    await beforeStop?.();
    releaseSignals();
    await stopAndReport(server, 'the server');
    await rm(dataDirectory, { recursive: true, force: true });
  }
}

// One node:http request; resolves with status, headers, rawHeaders, body text and the milliseconds from sending to the last byte.
export function timedRequest(url, { method = 'GET', headers = {}, body, agent } = {}) {
  return new Promise((resolveAnswer, reject) => {
    const started = process.hrtime.bigint();
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      // `headers` stays a getter: node parses res.headers on first read, which the timing must not include.
      res.on('end', () => resolveAnswer({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks).toString('utf8'), ms: Number(process.hrtime.bigint() - started) / 1e6, get headers() { return res.headers; } }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

// A JSON API call (fetch, or node:http on agent when given, to keep a measured connection); throws unless the status is `expected`; resolves with { status, json, setCookie }.
export async function callApi(base, method, path, { body, cookie, expected = 200, agent } = {}) {
  const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const text = body === undefined ? undefined : JSON.stringify(body);
  let answer;
  if (agent) {
    const sent = await timedRequest(`${base}${path}`, { method, headers, body: text, agent });
    answer = { status: sent.status, text: sent.body, setCookie: sent.headers['set-cookie'] ?? [] };
  } else {
    const response = await fetch(`${base}${path}`, { method, headers, body: text });
    answer = { status: response.status, text: await response.text(), setCookie: response.headers.getSetCookie() };
  }
  if (answer.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${answer.status}: ${answer.text.slice(0, 1000)}`);
  return { status: answer.status, json: answer.text === '' ? undefined : JSON.parse(answer.text), setCookie: answer.setCookie };
}

// First-run setup through the API with setupToken, else the code in <dataDirectory>/setup-code; resolves with the session cookie and the first workspace's id.
export async function setUpAdmin(base, { setupToken, dataDirectory, agent } = {}) {
  const code = setupToken ?? (await readFile(join(dataDirectory, 'setup-code'), 'utf8')).trim();
  const setup = await callApi(base, 'POST', '/api/setup', { body: { setupToken: code, email: 'bench@example.test', password: benchPassword, name: 'Bench' }, expected: 201, agent });
  const cookie = setup.setCookie.find((c) => c.startsWith('svc_session=')).split(';')[0];
  return { cookie, workspaceId: setup.json.workspace.id };
}

// Creates a workspace; resolves with it ({ id, name }).
export async function createWorkspace(base, cookie, name, { agent } = {}) {
  return (await callApi(base, 'POST', '/api/workspaces', { body: { name }, cookie, expected: 201, agent })).json;
}

// Creates a project in a workspace; resolves with it.
export async function createProject(base, cookie, workspaceId, name, { agent } = {}) {
  return (await callApi(base, 'POST', `/api/workspaces/${workspaceId}/projects`, { body: { name, description: null }, cookie, expected: 201, agent })).json;
}

// Creates a workspace-wide agent token that never expires; resolves with the token.
export async function createAgentToken(base, cookie, workspaceId, { name = 'bench', scopes = ['read'] } = {}) {
  return (await callApi(base, 'POST', `/api/workspaces/${workspaceId}/agent-tokens`, { body: { name, scopes, projectId: null, expiresAt: null }, cookie, expected: 201 })).json.token;
}

// Imports a model document into a project (POST …/import, 200); resolves with the import result.
export async function importModel(base, cookie, projectId, document, { agent } = {}) {
  return (await callApi(base, 'POST', `/api/projects/${projectId}/import`, { body: document, cookie, agent })).json;
}

// CPU time (user + system) a process has used, in microseconds, from /proc/<pid>/stat (Linux); null elsewhere.
export async function processCpuMicros(pid) {
  const clockTicksPerSecond = 100;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5); fields[0] is field 3.
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicksPerSecond;
  } catch {
    return null;
  }
}

// Peak resident set size of a process (VmHWM of /proc/<pid>/status), in bytes; rejects where /proc is missing.
export async function peakRssBytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1]) * 1024;
}

// The three load averages from /proc/loadavg ("0.52 0.61 0.70"), or '' where there is none.
export async function loadAverage() {
  return (await readFile('/proc/loadavg', 'utf8').catch(() => '')).split(' ').slice(0, 3).join(' ');
}

// Bundles TypeScript source (contents, resolved from the repository root) with esbuild into node_modules/.cache/svc-bench/<name>.mjs and imports it.
export async function bundleTypeScript(name, contents) {
  const { build } = await import('esbuild');
  const outfile = join(bundleDirectory, `${name}.mjs`);
  await mkdir(bundleDirectory, { recursive: true });
  await build({
    stdin: { contents, resolveDir: repositoryRoot, loader: 'ts', sourcefile: `${name}-entry.ts` },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    outfile,
  });
  return import(pathToFileURL(outfile).href);
}

// A version 5 UUID (SHA-1 of a namespace UUID and a name), so that generated IDs derive from one seed.
export function uuidV5(namespace, name) {
  const bytes = createHash('sha1').update(Buffer.from(namespace.replaceAll('-', ''), 'hex')).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// The median of numbers (the mean of the middle two when their count is even).
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// The p-th percentile (nearest rank) of numbers sorted ascending.
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// A number with thousands separators and a fixed count of decimals (en-US).
export function fmt(n, digits = 0) {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

// "met" or "NOT met", for a target line.
export function verdict(ok) {
  return ok ? 'met' : 'NOT met';
}

// One table row: cells joined by spaces, each padded to its width (negative: left-aligned, padEnd; positive: right-aligned, padStart).
export function tableRow(cells, widths) {
  return cells.map((cell, i) => (widths[i] < 0 ? String(cell).padEnd(-widths[i]) : String(cell).padStart(widths[i]))).join(' ');
}

// Runs work() and resolves with its result and the seconds it took (process.hrtime).
export async function timed(work) {
  const started = process.hrtime.bigint();
  const result = await work();
  return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

// Queues a scan of a Source over HTTP and polls its state every 20 ms; resolves with the scan detail once it completed or failed.
export async function scanSourceOverHttp(base, cookie, projectId, sourceId) {
  const started = await callApi(base, 'POST', `/api/projects/${projectId}/sources/${sourceId}/scans`, { body: { ref: null, includePaths: null, excludePaths: null }, cookie, expected: 202 });
  for (;;) {
    const scan = (await callApi(base, 'GET', `/api/projects/${projectId}/imports/${started.json.scanId}`, { cookie })).json;
    if (scan.state === 'completed' || scan.state === 'failed') return scan;
    await new Promise((r) => setTimeout(r, 20));
  }
}
