// `npm run bench -- scale [--quick] [options]`: what a user waits for as the
// model grows, in one run against the built server (dist/local/main.mjs, its
// own embedded PostgreSQL in a temporary data directory):
//   1. memory at the limits: a dry run, the import, the JSON export and the
//      YAML export of a model document with every list at its limit (part 1
//      "Limits", 40,200 entries), each step timed, and the peak RSS of the
//      server process (VmHWM) over them; then the YAML export sent back as a
//      dry run into an empty project, against the JSON dry run. This part runs
//      first, on a fresh process, so the peak is that of these steps.
//   2. PUT of one element (a name change, a different element each call) on a
//      100-element model and on the model at the limits, p50 and p90 and their
//      ratio, next to GET /health/live on the same connection.
//   3. find_elements with a name filter on a 5,000-element model through the
//      real /mcp with the official MCP SDK client: 1 client, then 10 clients
//      at once (p50 and calls/s), next to GET /health/live with the same
//      client counts.
//   4. the SVG, flowchart and DSL exports over HTTP of a 300-element view
//      with 1,000 relationships (p50).
// Each figure is printed with its target (issue 19) and "meets" or "misses",
// and again in a summary table at the end.
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { documentLimits, fiveThousandElementModel, largeViewModel, limitsDocument } from './bench-models.mjs';
import { callApi, createAgentToken, createProject, fmt, importModel, loadAverage, peakRssBytes, percentile, readOptions, setUpAdmin, tableRow, timedRequest, uuidV5, withServer } from './bench-support.mjs';

const setupToken = 'scale-bench-setup-token-01234567';
// One seed, so every run imports the same documents.
const seed = '7363616c-6562-4e63-8800-000000040200';
const concurrentClients = 10;
const nameFilter = 'component 12';

const defaults = { puts: 100, health: 500, seconds: 8, exports: 30, warmup: 10 };
const quickDefaults = { puts: 30, health: 200, seconds: 2, exports: 10, warmup: 3 };
const usage =
  '--quick (fewer calls, about a minute); --puts N timed PUTs per model, default 100; --health N sequential /health/live calls, default 500; --seconds N per find_elements and health measurement, default 8; --exports N timed calls per export, default 30; --warmup N calls before each timed series, default 10';

// Issue 19 "Targets" (2-core machine).
const targets = {
  putAtLimitsMs: 15,
  putRatio: 1.5,
  findOneClientMs: 5,
  findConcurrentPerSecond: 500,
  findConcurrentMs: 20,
  svgMs: 30,
  flowchartMs: 15,
  dslMs: 15,
  peakRssMb: 400,
  yamlExportRatio: 2,
  yamlDryRunRatio: 2,
};

function parseArgs(args) {
  const quick = args.includes('--quick');
  const options = readOptions(
    args.filter((a) => a !== '--quick'),
    quick ? quickDefaults : defaults,
    usage,
  );
  for (const key of ['puts', 'health', 'exports']) {
    if (!(Number.isInteger(options[key]) && options[key] >= 5)) throw new Error(`--${key} must be a whole number of at least 5`);
  }
  if (!(options.seconds >= 1)) throw new Error('--seconds must be at least 1');
  if (!(Number.isInteger(options.warmup) && options.warmup >= 0)) throw new Error('--warmup must be a whole number of 0 or more');
  return { ...options, quick };
}

const meets = (ok) => (ok ? 'meets' : 'misses');
const mb = (bytes) => bytes / 1048576;
const sortedTimes = (times) => [...times].sort((a, b) => a - b);

/** The summary: one row per target, printed at the end. */
function createSummary() {
  const rows = [];
  return {
    /** Records a figure against its target and prints it with the verdict. */
    add(what, figure, target, ok) {
      rows.push({ what, figure, target, ok });
      console.log(`  ${what}: ${figure} (target ${target}): ${meets(ok)}`);
    },
    print() {
      const widths = [-52, 14, 12, -6];
      console.log('');
      console.log(tableRow(['target (issue 19)', 'figure', 'target', ''], widths));
      for (const row of rows) console.log(tableRow([row.what, row.figure, row.target, meets(row.ok)], widths));
      console.log(`${rows.filter((r) => r.ok).length} of ${rows.length} targets met`);
    },
  };
}

/** An HTTP client on one keep-alive connection that checks each answer's status. */
function connection(base, cookie) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = async (method, path, { body, contentType = 'application/json', expected = 200 } = {}) => {
    const headers = { cookie, ...(body === undefined ? {} : { 'content-type': contentType }) };
    const answer = await timedRequest(`${base}${path}`, { method, headers, body, agent });
    if (answer.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${answer.status}: ${answer.body.slice(0, 1000)}`);
    return answer;
  };
  return { agent, send };
}

/** Runs call() warmup times, then `count` timed times; resolves with the sorted milliseconds. */
async function timeSeries(count, warmup, call) {
  for (let i = 0; i < warmup; i++) await call(i);
  const times = [];
  for (let i = 0; i < count; i++) times.push((await call(warmup + i)).ms);
  return sortedTimes(times);
}

/** The answer of a dry run or import, refused unless it adds every entry of the document and refuses none. */
function expectAllAdded(answer, entries, what) {
  const result = JSON.parse(answer.body);
  if (result.added !== entries || result.refused !== 0) throw new Error(`${what}: added ${result.added}, refused ${result.refused} of ${entries} entries`);
  return result;
}

/** A valid 100-element model: 10 systems with 5 apps and 2 stores each, 20 actors, 150 relationships. */
function hundredElementDocument() {
  const id = (label) => uuidV5(seed, `small-${label}`);
  const element = (label, kind, parentId, i) => ({ id: id(label), kind, name: `${kind} ${i}`, description: null, technology: null, status: 'current', parentId, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null });
  const elements = [];
  for (let s = 0; s < 10; s++) {
    const system = element(`system-${s}`, 'system', null, s);
    elements.push(system);
    for (let a = 0; a < 5; a++) elements.push(element(`app-${s}-${a}`, 'app', system.id, s * 5 + a));
    for (let t = 0; t < 2; t++) elements.push(element(`store-${s}-${t}`, 'store', system.id, s * 2 + t));
  }
  for (let a = 0; a < 20; a++) elements.push(element(`actor-${a}`, 'actor', null, a));
  const relationships = Array.from({ length: 150 }, (_, i) => ({
    id: id(`rel-${i}`),
    fromId: elements[(i * 7) % 100].id,
    toId: elements[(i * 13 + 1) % 100].id,
    label: `calls ${i}`,
    technology: null,
    kind: 'structural',
    lineShape: null,
    factStatus: 'declared',
    provenance: null,
    stale: null,
  }));
  return { elements, relationships };
}

/** Up to `count` declared elements spread over the document's list (every kind), the PUT targets. */
function spreadOfElements(elements, count) {
  const declared = elements.filter((e) => e.factStatus === 'declared');
  const step = Math.max(1, Math.floor(declared.length / count));
  return declared.filter((_, i) => i % step === 0).slice(0, count);
}

/** A record whose label needs a source gets one (and a confidence when inferred), as the import requires. */
function withSource(record) {
  if (!['observed-in-source', 'measured', 'inferred'].includes(record.factStatus)) return record;
  const confidence = record.factStatus === 'inferred' ? 0.6 : null;
  return { ...record, provenance: { source: `git:bench/${record.id}.ts`, revision: null, confidence, acceptedBy: null, acceptedAt: null } };
}

/** An element of the large view as an import accepts it: an app, store or component needs a parent, so top-level elements are systems (actors stay) and the 40 children apps of systems. */
function importableElement(element) {
  const kind = element.parentId !== null ? 'app' : element.kind === 'actor' ? 'actor' : 'system';
  return withSource({ ...element, kind });
}

/** Part 1: dry run, import, JSON export, YAML export at the limits with the peak RSS; then the YAML dry run. Resolves with the project holding the model. */
async function measureLimits({ base, cookie, workspaceId, pid, http, summary }) {
  const document = limitsDocument(seed);
  const entries = Object.values(documentLimits).reduce((a, b) => a + b, 0);
  const json = JSON.stringify(document);
  const project = await createProject(base, cookie, workspaceId, 'At the limits');
  console.log('');
  console.log(`1. memory at the limits: a model document with every list at its limit (${fmt(entries)} entries, ${fmt(mb(Buffer.byteLength(json)), 1)} MiB of JSON)`);
  const before = await peakRssBytes(pid);
  console.log(`  server VmHWM before: ${fmt(mb(before))} MB`);
  const steps = {};
  const step = async (name, run) => {
    const answer = await run();
    steps[name] = answer;
    console.log(`  ${name.padEnd(46)} ${fmt(answer.ms).padStart(6)} ms   VmHWM after it ${fmt(mb(await peakRssBytes(pid))).padStart(5)} MB`);
    return answer;
  };
  const path = `/api/projects/${project.id}`;
  expectAllAdded(await step('dry run (JSON, into an empty project)', () => http.send('POST', `${path}/import?dryRun=true`, { body: json })), entries, 'dry run');
  expectAllAdded(await step('import (JSON)', () => http.send('POST', `${path}/import`, { body: json })), entries, 'import');
  const exported = JSON.parse((await step('export JSON', () => http.send('GET', `${path}/export`))).body);
  const yaml = (await step('export YAML', () => http.send('GET', `${path}/export?format=yaml`))).body;
  const peak = await peakRssBytes(pid);
  for (const [section, limit] of Object.entries(documentLimits)) {
    if (exported[section].length !== limit) throw new Error(`the JSON export holds ${exported[section].length} ${section}, expected ${limit}`);
  }
  summary.add('peak RSS over dry run + import + JSON and YAML export', `${fmt(mb(peak))} MB`, `≤ ${targets.peakRssMb} MB`, mb(peak) <= targets.peakRssMb);

  // The same model sent back as YAML, into another empty project: the YAML reader against the JSON one.
  const empty = await createProject(base, cookie, workspaceId, 'YAML dry run');
  const yamlDry = await http.send('POST', `/api/projects/${empty.id}/import?dryRun=true`, { body: yaml, contentType: 'application/yaml' });
  expectAllAdded(yamlDry, entries, 'YAML dry run');
  console.log(`  ${'dry run (YAML export, into an empty project)'.padEnd(46)} ${fmt(yamlDry.ms).padStart(6)} ms   (${fmt(mb(Buffer.byteLength(yaml)), 1)} MiB; VmHWM after it ${fmt(mb(await peakRssBytes(pid)))} MB, not part of the peak above)`);
  const exportRatio = steps['export YAML'].ms / steps['export JSON'].ms;
  const dryRatio = yamlDry.ms / steps['dry run (JSON, into an empty project)'].ms;
  summary.add('YAML export / JSON export at the limits', `${fmt(exportRatio, 2)}×`, `≤ ${targets.yamlExportRatio}×`, exportRatio <= targets.yamlExportRatio);
  summary.add('YAML dry run / JSON dry run at the limits', `${fmt(dryRatio, 2)}×`, `≤ ${targets.yamlDryRunRatio}×`, dryRatio <= targets.yamlDryRunRatio);
  return { project, document };
}

/** Part 2: PUT of one element on 100 elements and at the limits, next to /health/live; resolves with the health p50. */
async function measurePuts({ http, options, summary, small, limits }) {
  const puts = async (projectId, elements) => {
    const targetsOfPut = spreadOfElements(elements, 50);
    return timeSeries(options.puts, options.warmup, (n) => {
      const record = targetsOfPut[n % targetsOfPut.length];
      const body = JSON.stringify({ ...record, name: `${record.name} (edit ${n})` });
      return http.send('PUT', `/api/projects/${projectId}/elements/${record.id}`, { body });
    });
  };
  console.log('');
  console.log(`2. PUT of one element (a name change; ${options.puts} timed calls after ${options.warmup}, on one keep-alive connection)`);
  const health = await timeSeries(options.health, options.warmup, () => http.send('GET', '/health/live'));
  const atHundred = await puts(small.project.id, small.document.elements);
  const atLimits = await puts(limits.project.id, limits.document.elements);
  const line = (name, times) => console.log(`  ${name.padEnd(42)} p50 ${fmt(percentile(times, 50), 2).padStart(7)} ms   p90 ${fmt(percentile(times, 90), 2).padStart(7)} ms`);
  line('GET /health/live', health);
  line('PUT element, 100-element model', atHundred);
  line('PUT element, model at the limits', atLimits);
  const p50 = percentile(atLimits, 50);
  const ratio = p50 / percentile(atHundred, 50);
  console.log(`  PUT at the limits: ${fmt(p50 / percentile(health, 50), 1)}× the /health/live p50; PUT on 100 elements: ${fmt(percentile(atHundred, 50) / percentile(health, 50), 1)}×`);
  summary.add('PUT element at the limits, p50', `${fmt(p50, 2)} ms`, `≤ ${targets.putAtLimitsMs} ms`, p50 <= targets.putAtLimitsMs);
  summary.add('PUT at the limits / PUT on 100 elements (p50)', `${fmt(ratio, 2)}×`, `≤ ${targets.putRatio}×`, ratio <= targets.putRatio);
  return percentile(health, 50);
}

/** The official MCP SDK client on /mcp with a bearer agent token. */
async function connectAgent(base, token) {
  const client = new Client({ name: 'svc-bench-scale', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** Each client calls call(client) one call after another for `seconds`; resolves with the sorted milliseconds and the calls per second of all of them. */
async function callsDuring(seconds, clients, call) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const times = [];
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        await call(client);
        times.push(performance.now() - sent);
      }
    }),
  );
  return { times: sortedTimes(times), perSecond: (1000 * times.length) / (performance.now() - started) };
}

/** Part 3: find_elements with a name filter at 1 and 10 clients, next to /health/live through fetch at the same counts. */
async function measureFindElements({ base, cookie, workspaceId, options, summary }) {
  const project = await createProject(base, cookie, workspaceId, '5,000 elements');
  const { document, elementIds } = fiveThousandElementModel();
  const imported = await importModel(base, cookie, project.id, document);
  if (imported.added !== elementIds.length + document.relationships.length + document.messages.length) throw new Error(`import added ${imported.added}`);
  const token = await createAgentToken(base, cookie, workspaceId, { name: 'scale bench', scopes: ['read'] });
  const clients = await Promise.all(Array.from({ length: concurrentClients }, () => connectAgent(base, token)));
  try {
    const findElements = async (client) => {
      const result = await client.callTool({ name: 'find_elements', arguments: { projectId: project.id, name: nameFilter, limit: 50 } });
      if (result.isError || JSON.parse(result.content[0].text).data.length === 0) throw new Error(`find_elements: ${JSON.stringify(result).slice(0, 500)}`);
    };
    // Not a target of its own: shows that the review rules, run in SQL, answer one page without reading the model into the service.
    const reviewFindings = async (client) => {
      const result = await client.callTool({ name: 'get_review_findings', arguments: { projectId: project.id, limit: 50 } });
      if (result.isError || JSON.parse(result.content[0].text).data.total === undefined) throw new Error(`get_review_findings: ${JSON.stringify(result).slice(0, 500)}`);
    };
    const health = async () => {
      const response = await fetch(`${base}/health/live`);
      await response.text();
      if (response.status !== 200) throw new Error(`GET /health/live: ${response.status}`);
    };
    console.log('');
    console.log(`3. find_elements (name "${nameFilter}", limit 50) on ${fmt(elementIds.length)} elements, ${fmt(document.relationships.length)} relationships, ${fmt(document.messages.length)} messages; MCP SDK client; ${options.seconds} s per row`);
    for (let i = 0; i < options.warmup; i++) await Promise.all(clients.map((c) => Promise.all([findElements(c), health()])));
    const rows = [
      ['GET /health/live (fetch), 1 client', await callsDuring(options.seconds, clients.slice(0, 1), health)],
      [`GET /health/live (fetch), ${concurrentClients} clients`, await callsDuring(options.seconds, clients, health)],
      ['find_elements, 1 client', await callsDuring(options.seconds, clients.slice(0, 1), findElements)],
      [`find_elements, ${concurrentClients} clients`, await callsDuring(options.seconds, clients, findElements)],
      ['get_review_findings first page, 1 client', await callsDuring(Math.min(options.seconds, 4), clients.slice(0, 1), reviewFindings)],
    ];
    for (const [name, r] of rows) console.log(`  ${name.padEnd(42)} p50 ${fmt(percentile(r.times, 50), 2).padStart(7)} ms   p90 ${fmt(percentile(r.times, 90), 2).padStart(7)} ms   ${fmt(r.perSecond).padStart(6)} calls/s`);
    const [, , one, many] = rows.map(([, r]) => ({ p50: percentile(r.times, 50), perSecond: r.perSecond }));
    summary.add('find_elements name filter, 1 client, p50', `${fmt(one.p50, 2)} ms`, `≤ ${targets.findOneClientMs} ms`, one.p50 <= targets.findOneClientMs);
    summary.add(`find_elements name filter, ${concurrentClients} clients, calls/s`, fmt(many.perSecond), `≥ ${targets.findConcurrentPerSecond}`, many.perSecond >= targets.findConcurrentPerSecond);
    summary.add(`find_elements name filter, ${concurrentClients} clients, p50`, `${fmt(many.p50, 2)} ms`, `≤ ${targets.findConcurrentMs} ms`, many.p50 <= targets.findConcurrentMs);
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

/** Part 4: the three view exports over HTTP on the 300-element view with 1,000 relationships. */
async function measureViewExports({ base, cookie, workspaceId, http, options, summary, healthP50 }) {
  const { model, view } = largeViewModel();
  const project = await createProject(base, cookie, workspaceId, 'Large view');
  const document = { elements: [...model.element.values()].map(importableElement), relationships: [...model.relationship.values()].map(withSource) };
  const imported = await importModel(base, cookie, project.id, document);
  if (imported.refused !== 0) throw new Error(`the large view's import refused ${imported.refused} entries`);
  const created = (await callApi(base, 'POST', `/api/projects/${project.id}/views`, { body: { name: view.name, rootElementId: null }, cookie, expected: 201 })).json;
  await callApi(base, 'PUT', `/api/projects/${project.id}/views/${created.id}/layout`, { body: { positions: view.positions }, cookie });
  console.log('');
  console.log(`4. exports over HTTP of a view of ${fmt(model.element.size - 40)} top-level systems and actors (+40 apps inside) with ${fmt(model.relationship.size)} relationships (${options.exports} timed calls after ${options.warmup})`);
  const cases = [
    ['SVG', `/api/projects/${project.id}/views/${created.id}/export/svg`, targets.svgMs],
    ['flowchart', `/api/projects/${project.id}/views/${created.id}/export/flowchart`, targets.flowchartMs],
    ['DSL', `/api/projects/${project.id}/export/archdsl`, targets.dslMs],
  ];
  const results = [];
  for (const [name, path, target] of cases) {
    let bytes = 0;
    const times = await timeSeries(options.exports, options.warmup, async () => {
      const answer = await http.send('GET', path);
      bytes = Buffer.byteLength(answer.body);
      return answer;
    });
    const p50 = percentile(times, 50);
    console.log(`  ${name.padEnd(10)} p50 ${fmt(p50, 2).padStart(7)} ms   p90 ${fmt(percentile(times, 90), 2).padStart(7)} ms   ${fmt(bytes).padStart(9)} bytes   ${fmt(p50 / healthP50, 1)}× the /health/live p50`);
    results.push([name, p50, target]);
  }
  for (const [name, p50, target] of results) summary.add(`${name} export of the 300/1,000 view, p50`, `${fmt(p50, 2)} ms`, `≤ ${target} ms`, p50 <= target);
}

export async function main(args) {
  const options = parseArgs(args);
  const summary = createSummary();
  let http;
  await withServer({ prefix: 'svc-bench-scale-', setupToken, beforeStop: () => http?.agent.destroy() }, async ({ server, base }) => {
    const pid = server.child.pid;
    const { cookie, workspaceId } = await setUpAdmin(base, { setupToken });
    http = connection(base, cookie);
    console.log(`server ${base} (pid ${pid}); ${options.quick ? 'quick run' : 'full run'}; load average at the start: ${(await loadAverage()) || 'unknown'}`);

    // The 100-element model first: its import and exports load the model function group before anything is measured.
    const small = { project: await createProject(base, cookie, workspaceId, '100 elements'), document: hundredElementDocument() };
    await importModel(base, cookie, small.project.id, small.document);
    await http.send('GET', `/api/projects/${small.project.id}/export`);
    const smallYaml = (await http.send('GET', `/api/projects/${small.project.id}/export?format=yaml`)).body;
    await http.send('POST', `/api/projects/${small.project.id}/import?dryRun=true`, { body: smallYaml, contentType: 'application/yaml' });

    const context = { base, cookie, workspaceId, pid, http, options, summary };
    const limits = await measureLimits(context);
    const healthP50 = await measurePuts({ ...context, small, limits });
    await measureFindElements(context);
    await measureViewExports({ ...context, healthP50 });

    summary.print();
    console.log(`load average at the end: ${(await loadAverage()) || 'unknown'}; other work on the machine slows every figure`);
  });
}
