// `npm run bench -- load-tests [--requests N] [--warmup N] [--iterations N]`: the cost of writing a k6 script.
//
// The real built server (dist/local/main.mjs, its own embedded PostgreSQL in a
// temporary data directory) in its own process, first-run setup through the
// API, the load-test fixture model (test/fixtures/load-tests) and an
// authorised target on `POST /orders` whose bodies are made from its request
// schema (the most work a script takes). Measured in the same run, one after
// the other on one keep-alive connection after a warm-up:
//   - GET /health/live (the bare HTTP path through the shim, no database),
//   - POST …/load-tests/scripts for that target and a profile (session
//     cookie: access checks, the target, profile, operation and schema read
//     in one transaction, the plan, four bodies made and checked against the
//     schema, the text, its hash, the insert that finds the stored record: 200),
// p50/p99 from process.hrtime, and their ratio. Then, in this process, the
// plan and the text alone (lib/features/load-tests, bundled from TypeScript).
import { Agent } from 'node:http';
import { bundleTypeScript, callApi, fmt, loadAverage, percentile, readOptions, setUpAdmin, tableRow, timedRequest, withServer } from './bench-support.mjs';

const setupToken = 'load-tests-bench-setup-token-0123456';

function parseArgs(args) {
  const options = readOptions(args, { requests: 1000, warmup: 100, iterations: 5000 }, '--requests N sequential calls per target, default 1000; --warmup N calls, default 100; --iterations N in-process scripts, default 5000');
  if (!(Number.isInteger(options.requests) && options.requests >= 10)) throw new Error('--requests must be a whole number of at least 10');
  if (!(Number.isInteger(options.warmup) && options.warmup >= 0)) throw new Error('--warmup must be a whole number of 0 or more');
  if (!(Number.isInteger(options.iterations) && options.iterations >= 100)) throw new Error('--iterations must be a whole number of at least 100');
  return options;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** N sequential timed requests after a warm-up; throws on any other status; resolves with the sorted times. */
async function measure(url, request, expected, { requests, warmup }) {
  const times = [];
  for (let i = 0; i < warmup + requests; i++) {
    const answer = await timedRequest(url, { ...request, agent });
    if (answer.status !== expected) throw new Error(`${url}: status ${answer.status}: ${answer.body.slice(0, 300)}`);
    if (i >= warmup) times.push(answer.ms);
  }
  return times.sort((a, b) => a - b);
}

function microsPerCall(fn, iterations) {
  for (let i = 0; i < Math.min(200, iterations); i++) fn();
  const perRound = Math.floor(iterations / 5);
  const rounds = [];
  for (let r = 0; r < 5; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) fn();
    rounds.push(Number(process.hrtime.bigint() - started) / 1e3 / perRound);
  }
  return rounds.sort((a, b) => a - b)[2];
}

export async function main(args) {
  const options = parseArgs(args);
  const { ids, loadTestModel, planScript, writeK6Script } = await bundleTypeScript(
    'load-tests',
    [
      "export { ids, loadTestModel } from './test/fixtures/load-tests/fixture-model';",
      "export { planScript } from './lib/load-tests/plan-script';",
      "export { writeK6Script } from './lib/load-tests/k6-script';",
    ].join('\n'),
  );
  await withServer({ prefix: 'svc-bench-load-tests-', setupToken, beforeStop: () => agent.destroy() }, async ({ server, base }) => {
    const { cookie, workspaceId } = await setUpAdmin(base, { setupToken });
    const project = (await callApi(base, 'POST', `/api/workspaces/${workspaceId}/projects`, { body: { name: 'Bench', description: null }, cookie, expected: 201 })).json;
    await callApi(base, 'POST', `/api/projects/${project.id}/import`, { body: loadTestModel(), cookie });
    const L = `/api/projects/${project.id}/load-tests`;
    const target = (await callApi(base, 'POST', `${L}/targets`, { body: { kind: 'operation', id: ids.placeOrder }, cookie, expected: 201 })).json;
    await callApi(base, 'POST', `${L}/targets/${target.id}/authorise`, { body: { baseUrl: 'https://staging.example.com', environment: 'staging', version: null }, cookie });
    await callApi(base, 'PUT', `${L}/targets/${target.id}/override`, { body: { allowNonIdempotent: true, allowFailureInjection: false, reason: 'bench', confirmName: target.name }, cookie });
    const profile = (await callApi(base, 'POST', `${L}/profiles`, { body: { shape: 'spike' }, cookie, expected: 201 })).json;
    const body = JSON.stringify({ targetId: target.id, profileId: profile.id });
    const first = (await callApi(base, 'POST', `${L}/scripts`, { body: { targetId: target.id, profileId: profile.id }, cookie, expected: 201 })).json;
    console.log(`script of POST /orders (4 bodies from its schema), ${fmt(Buffer.byteLength(first.content))} bytes; server ${base} (pid ${server.child.pid})`);
    console.log(`${options.requests} sequential calls per target on one keep-alive connection after ${options.warmup} warm-up calls`);

    const health = await measure(`${base}/health/live`, {}, 200, options);
    const scripts = await measure(`${base}${L}/scripts`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body }, 200, options);
    const rows = [
      { name: 'GET /health/live', times: health },
      { name: 'POST …/load-tests/scripts', times: scripts },
    ].map((r) => ({ ...r, p50: percentile(r.times, 50), p99: percentile(r.times, 99) }));

    const document = loadTestModel();
    const byId = (list) => new Map(list.map((r) => [r.id, r]));
    const model = {
      element: byId(document.elements),
      relationship: new Map(),
      message: byId(document.messages),
      schema: byId(document.schemas),
      operation: byId(document.operations),
      channel: byId(document.channels),
      subscription: byId(document.subscriptions),
      binding: new Map(),
    };
    const version = first.modelVersion;
    const inputs = {
      target: { ...target, authorisation: { baseUrl: 'https://staging.example.com', environment: 'staging', version, authorisedBy: 'bench', authorisedAt: '' }, override: { allowNonIdempotent: true, allowFailureInjection: false, reason: 'bench', confirmedBy: 'bench', confirmedAt: '' } },
      mainVersion: version,
      model,
      scenarioDocument: null,
      profile,
    };
    const text = writeK6Script(planScript(inputs).plan);
    if (text !== first.content) throw new Error('the in-process script differs from the one the server wrote');
    const inProcess = microsPerCall(() => writeK6Script(planScript(inputs).plan), options.iterations);

    console.log('');
    console.log('target                          p50 ms   p99 ms');
    for (const row of rows) console.log(tableRow([row.name, fmt(row.p50, 3), fmt(row.p99, 3)], [-30, 8, 8]));
    const [h, s] = rows;
    console.log(`POST …/scripts p50 is ${fmt(s.p50 / h.p50, 1)}× the p50 of GET /health/live (${fmt(s.p50 - h.p50, 3)} ms more)`);
    console.log(`in process, plan + bodies + text alone (${options.iterations} scripts, median of 5 rounds): ${fmt(inProcess, 1)} µs per script, ${fmt((100 * inProcess) / 1000 / s.p50, 1)}% of the POST p50`);
    const load = await loadAverage();
    if (load) console.log(`load average at the end: ${load}; other work on the machine slows every figure`);
  });
}
