// `npm run bench -- shim [--duration N]`: the cost of the local HTTP shim.
//
// Candidate: the real built server (dist/local/main.mjs, embedded PostgreSQL
// in a temporary data directory) answering GET /health/live, which goes
// through the shim, the API Gateway event and the health function group's
// middy handler. Baseline: a bare node:http server (bare-server.mjs) answering
// the same status, headers and body. Each runs in its own process; autocannon
// runs here. Both get a warm-up, then measurements alternate baseline and
// candidate twice; the best run of each is compared. Target: shim >= 60% of
// bare.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = resolve(here, '../../dist/local/main.mjs');
const bareEntry = join(here, 'bare-server.mjs');

const path = '/health/live';
const targetPercent = 60;
const connections = 10;
const pipelining = 1;
/** Headers node:http writes by itself; every other header is copied as it comes. */
const automaticHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function parseArgs(args) {
  const options = { duration: 10, warmup: 2 };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] = arg.split('=', 2);
    const next = () => inline ?? args[++i];
    if (flag === '--duration') options.duration = Number(next());
    else if (flag === '--warmup') options.warmup = Number(next());
    else throw new Error(`unknown option ${arg} (options: --duration N seconds, default 10; --warmup N seconds, default 2)`);
  }
  if (!(options.duration >= 1)) throw new Error('--duration must be at least 1 (seconds)');
  if (!(options.warmup >= 0)) throw new Error('--warmup must be 0 or more (seconds)');
  options.warmup = Math.min(options.warmup, options.duration);
  return options;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Spawns a server process and waits for its "listening on http://…" line. */
function startProcess(label, args, env, timeoutMs = 60_000) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const ready = new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
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
  return {
    label,
    child,
    ready,
    output: () => output,
    async stop(timeoutMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** One GET with the raw header list, so names, order and values can be copied. */
function get(url) {
  return new Promise((resolveResponse, reject) => {
    const req = request(url, { method: 'GET', agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolveResponse({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Flat raw header list without the headers node writes itself. */
function copiedHeaders(rawHeaders) {
  const out = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!automaticHeaders.has(rawHeaders[i].toLowerCase())) out.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return out;
}

function pairs(flat) {
  const out = [];
  for (let i = 0; i < flat.length; i += 2) out.push(`${flat[i]}: ${flat[i + 1]}`);
  return out;
}

const clockTicksPerSecond = 100;

/**
 * CPU seconds (user + system) the process has used, from /proc (Linux), or
 * null elsewhere. Less disturbed by other load on the machine than req/s.
 */
async function cpuSeconds(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5); fields[0] is field 3.
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
  } catch {
    return null;
  }
}

async function load(url, seconds, pid) {
  const cpuBefore = pid === undefined ? null : await cpuSeconds(pid);
  const result = await autocannon({ url, connections, pipelining, duration: seconds });
  const cpuAfter = pid === undefined ? null : await cpuSeconds(pid);
  const problems = result.errors + result.timeouts + result.non2xx;
  return {
    requestsPerSecond: result.requests.average,
    // autocannon's histogram keeps whole milliseconds; with a closed loop of
    // `connections` requests in flight, the mean latency is connections / rate.
    meanMicros: (1e6 * connections * pipelining) / result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    /** Server CPU time per answered request, in microseconds. */
    cpuMicrosPerRequest: cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : (1e6 * (cpuAfter - cpuBefore)) / result.requests.total,
    problems,
    detail: `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  };
}

const cpu = (run) => (run.cpuMicrosPerRequest === null ? 'n/a' : fmt(run.cpuMicrosPerRequest, 1));
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export async function main(args) {
  const options = parseArgs(args);
  const dataDirectory = await mkdtemp(join(tmpdir(), 'svc-bench-'));
  // As root the embedded server runs as `postgres`, which must pass through this folder.
  await chmod(dataDirectory, 0o711);
  const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG ?? 'C.UTF-8' };
  const processes = [];
  const stopAll = async () => {
    for (const p of processes.splice(0).reverse()) {
      const { code, signal } = await p.stop();
      console.log(`stopped ${p.label} (${signal ?? `exit ${code}`})`);
    }
  };
  const onSignal = () => {
    stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const shimPort = await freePort();
    const shim = startProcess('shim (dist/local/main.mjs)', [serverEntry], { ...baseEnv, PORT: String(shimPort), HOST: '127.0.0.1', Svc__DataDirectory: dataDirectory });
    processes.push(shim);
    const shimUrl = await shim.ready;

    const reference = await get(`${shimUrl}${path}`);
    if (reference.status !== 200 || reference.body !== 'Healthy') {
      throw new Error(`GET ${path} on the server answered ${reference.status} ${JSON.stringify(reference.body)}, expected 200 "Healthy"`);
    }
    const headers = copiedHeaders(reference.rawHeaders);
    const bare = startProcess('bare node:http server', [bareEntry], {
      ...baseEnv,
      PORT: String(await freePort()),
      BARE_RESPONSE: JSON.stringify({ path, status: reference.status, rawHeaders: headers, body: reference.body }),
    });
    processes.push(bare);
    const bareUrl = await bare.ready;

    // The two must answer the same bytes apart from Date.
    const copy = await get(`${bareUrl}${path}`);
    const shimAgain = await get(`${shimUrl}${path}`);
    const comparable = (r) => JSON.stringify([r.status, r.body, pairs(r.rawHeaders).filter((line) => !/^date:/i.test(line))]);
    if (comparable(copy) !== comparable(shimAgain)) {
      throw new Error(`the bare server's answer differs from the shim's:\nshim: ${comparable(shimAgain)}\nbare: ${comparable(copy)}`);
    }
    console.log(`GET ${path}: ${reference.status} ${JSON.stringify(reference.body)}`);
    for (const line of pairs(shimAgain.rawHeaders)) console.log(`  ${line}`);
    console.log(`shim ${shimUrl}  bare ${bareUrl}`);
    console.log(`autocannon: ${connections} connections, pipelining ${pipelining}; warm-up ${options.warmup} s each, then 2 x ${options.duration} s each, alternating`);

    const targets = [
      { name: 'bare', url: `${bareUrl}${path}`, pid: bare.child.pid, runs: [] },
      { name: 'shim', url: `${shimUrl}${path}`, pid: shim.child.pid, runs: [] },
    ];
    if (options.warmup > 0) for (const t of targets) await load(t.url, options.warmup);
    for (let round = 1; round <= 2; round++) {
      for (const t of targets) {
        const run = await load(t.url, options.duration, t.pid);
        t.runs.push(run);
        console.log(`  round ${round} ${t.name}: ${fmt(run.requestsPerSecond)} req/s, mean ${fmt(run.meanMicros)} µs, p50 ${run.p50} ms, p99 ${run.p99} ms, server CPU ${cpu(run)} µs/request (${fmt(run.total)} requests; ${run.detail})`);
      }
    }

    const best = Object.fromEntries(targets.map((t) => [t.name, t.runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a))]));
    const ratio = (100 * best.shim.requestsPerSecond) / best.bare.requestsPerSecond;
    console.log('');
    console.log('best of 2      req/s   mean µs    p50 ms   p99 ms   (p50/p99 in whole ms, as autocannon records them)');
    for (const name of ['bare', 'shim']) {
      const b = best[name];
      console.log(`${name.padEnd(10)} ${fmt(b.requestsPerSecond).padStart(9)} ${fmt(b.meanMicros).padStart(9)} ${String(b.p50).padStart(9)} ${String(b.p99).padStart(8)}`);
    }
    console.log(`shim/bare: ${fmt(ratio, 1)}% (target >= ${targetPercent}%): ${ratio >= targetPercent ? 'met' : 'NOT met'}`);
    const leastCpu = (name) => Math.min(...targets.find((t) => t.name === name).runs.map((r) => r.cpuMicrosPerRequest ?? Infinity));
    if (Number.isFinite(leastCpu('bare')) && Number.isFinite(leastCpu('shim'))) {
      console.log(
        `server CPU per request, least of 2: bare ${fmt(leastCpu('bare'), 1)} µs, shim ${fmt(leastCpu('shim'), 1)} µs; ` +
          `bare/shim ${fmt((100 * leastCpu('bare')) / leastCpu('shim'), 1)}% (the ratio the req/s would have with a core each and nothing else running)`,
      );
    }
    const others = (await readFile('/proc/loadavg', 'utf8').catch(() => '')).split(' ').slice(0, 3).join(' ');
    if (others) console.log(`load average at the end: ${others} (this benchmark alone keeps about 2 busy); other work on the machine lowers and scatters req/s`);
    const problems = targets.flatMap((t) => t.runs).reduce((n, r) => n + r.problems, 0);
    if (problems > 0) console.log(`warning: ${problems} failed or non-2xx responses during the runs: the figures are not clean`);
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await stopAll();
    await rm(dataDirectory, { recursive: true, force: true });
  }
}
