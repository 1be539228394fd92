// `npm run bench -- shim [--duration N]`: the cost of the local HTTP shim.
//
// Candidate: the real built server (dist/local/main.mjs, embedded PostgreSQL
// in a temporary data directory) answering GET /health/live, which goes
// through the shim, the API Gateway event and the health function group's
// middy handler. Baseline: a bare node:http server (bare-server.mjs) answering
// the same status, headers and body. Each runs in its own process; autocannon
// runs here. Both get a warm-up, then measurements alternate baseline and
// candidate twice; the best run of each is compared. Target: shim >= 60% of
// bare. A second shim with LOG_LEVEL=warn (no access line per request) shows
// what the access log costs.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { baseEnvironment, fmt, freePort, loadAverage, processCpuMicros, readOptions, repositoryRoot, serverEnvironment, startProcess, startServer, stopAndReport, stopOnSignal, tableRow, temporaryDataDirectory, timedRequest, verdict } from './bench-support.mjs';

const bareEntry = join(repositoryRoot, 'test/bench/bare-server.mjs');

const path = '/health/live';
const targetPercent = 60;
const connections = 10;
const pipelining = 1;
/** Headers node:http writes by itself; every other header is copied as it comes. */
const automaticHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
/** Both processes must be listening within this time. */
const startTimeoutMs = 60_000;

function parseArgs(args) {
  const options = readOptions(args, { duration: 10, warmup: 2 }, '--duration N seconds, default 10; --warmup N seconds, default 2');
  if (!(options.duration >= 1)) throw new Error('--duration must be at least 1 (seconds)');
  if (!(options.warmup >= 0)) throw new Error('--warmup must be 0 or more (seconds)');
  options.warmup = Math.min(options.warmup, options.duration);
  return options;
}

/** Resolves with base once GET base/health/live answers 200; rejects when the process exits or the time runs out. */
async function answering(base, handle, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  handle.exited.then(() => {
    exited = true;
  });
  handle.ready.catch(() => undefined);
  while (Date.now() < deadline && !exited) {
    const status = await get(`${base}${path}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return base;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${handle.label} did not answer ${path} within ${timeoutMs} ms:\n${handle.output()}`);
}

/** One GET on a fresh connection, with the raw header list, so names, order and values can be copied. */
const get = (url) => timedRequest(url, { agent: false });

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

async function load(url, seconds, pid) {
  const cpuBefore = pid === undefined ? null : await processCpuMicros(pid);
  const result = await autocannon({ url, connections, pipelining, duration: seconds });
  const cpuAfter = pid === undefined ? null : await processCpuMicros(pid);
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
    cpuMicrosPerRequest: cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : (cpuAfter - cpuBefore) / result.requests.total,
    problems,
    detail: `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  };
}

const cpu = (run) => (run.cpuMicrosPerRequest === null ? 'n/a' : fmt(run.cpuMicrosPerRequest, 1));

export async function main(args) {
  const options = parseArgs(args);
  const dataDirectory = await temporaryDataDirectory('svc-bench-');
  const quietDataDirectory = await temporaryDataDirectory('svc-bench-quiet-');
  const processes = [];
  const stopAll = async () => {
    for (const p of processes.splice(0).reverse()) await stopAndReport(p, p.label);
  };
  const releaseSignals = stopOnSignal(stopAll);

  try {
    const shimPort = await freePort();
    const shim = startServer(serverEnvironment({ port: shimPort, dataDirectory }), { label: 'shim (dist/local/main.mjs)', timeoutMs: startTimeoutMs });
    processes.push(shim);
    const shimUrl = await shim.ready;
    const quietPort = await freePort();
    const quiet = startServer({ ...serverEnvironment({ port: quietPort, dataDirectory: quietDataDirectory }), LOG_LEVEL: 'warn' }, { label: 'shim, LOG_LEVEL=warn', timeoutMs: startTimeoutMs });
    processes.push(quiet);
    // LOG_LEVEL=warn leaves out the "listening on" line too: wait for its answer instead.
    const quietUrl = await answering(`http://127.0.0.1:${quietPort}`, quiet, startTimeoutMs);

    const reference = await get(`${shimUrl}${path}`);
    if (reference.status !== 200 || reference.body !== 'Healthy') {
      throw new Error(`GET ${path} on the server answered ${reference.status} ${JSON.stringify(reference.body)}, expected 200 "Healthy"`);
    }
    const headers = copiedHeaders(reference.rawHeaders);
    const bare = startProcess(
      'bare node:http server',
      [bareEntry],
      {
        ...baseEnvironment(),
        PORT: String(await freePort()),
        BARE_RESPONSE: JSON.stringify({ path, status: reference.status, rawHeaders: headers, body: reference.body }),
      },
      startTimeoutMs,
    );
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
      { name: 'shim-quiet', url: `${quietUrl}${path}`, pid: quiet.child.pid, runs: [] },
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
    for (const name of ['bare', 'shim', 'shim-quiet']) {
      const b = best[name];
      console.log(tableRow([name, fmt(b.requestsPerSecond), fmt(b.meanMicros), b.p50, b.p99], [-10, 9, 9, 9, 8]));
    }
    console.log(`shim/bare: ${fmt(ratio, 1)}% (target >= ${targetPercent}%): ${verdict(ratio >= targetPercent)}`);
    console.log(`shim with LOG_LEVEL=warn (no access lines)/bare: ${fmt((100 * best['shim-quiet'].requestsPerSecond) / best.bare.requestsPerSecond, 1)}%`);
    const leastCpu = (name) => Math.min(...targets.find((t) => t.name === name).runs.map((r) => r.cpuMicrosPerRequest ?? Infinity));
    if (Number.isFinite(leastCpu('bare')) && Number.isFinite(leastCpu('shim'))) {
      console.log(
        `server CPU per request, least of 2: bare ${fmt(leastCpu('bare'), 1)} µs, shim ${fmt(leastCpu('shim'), 1)} µs; ` +
          `bare/shim ${fmt((100 * leastCpu('bare')) / leastCpu('shim'), 1)}% (the ratio the req/s would have with a core each and nothing else running)`,
      );
    }
    const others = await loadAverage();
    if (others) console.log(`load average at the end: ${others} (this benchmark alone keeps about 2 busy); other work on the machine lowers and scatters req/s`);
    const problems = targets.flatMap((t) => t.runs).reduce((n, r) => n + r.problems, 0);
    if (problems > 0) console.log(`warning: ${problems} failed or non-2xx responses during the runs: the figures are not clean`);
  } finally {
    releaseSignals();
    await stopAll();
    await rm(dataDirectory, { recursive: true, force: true });
    await rm(quietDataDirectory, { recursive: true, force: true });
  }
}
