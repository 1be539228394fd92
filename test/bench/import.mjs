// `npm run bench -- import [--runs N]`: the cost of a model import at its limits.
//
// A model document with every list at its limit at once (part 1 "Limits": 5000
// elements, 10000 relationships, 5000 messages, 200 schemas, 5000 operations,
// 5000 channels, 5000 subscriptions, 5000 bindings; all valid) goes through
// the HTTP API of the real built server (dist/local/main.mjs, its own embedded
// PostgreSQL in a temporary data directory), in its own process:
//   - a dry run into an empty project,
//   - the import into that project,
//   - the JSON export of the model it made.
// Baseline: the same rows (the records as the export gives them back) written
// straight into model_entities of another empty project's main stream, one
// INSERT … SELECT FROM unnest(…) per kind in one transaction, no checks; with
// pg, against the same database. Each run uses a fresh document (new IDs) and
// fresh projects; medians are compared. Targets: import ≤ 3 × plain insert,
// export ≤ 1 s, peak RSS of the server process (VmHWM) ≤ 600 MB.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { createProject, createWorkspace, fmt, loadAverage, median, peakRssBytes, readOptions, setUpAdmin, uuidV5, verdict, withServer } from './bench-support.mjs';

const limits = { elements: 5000, relationships: 10000, messages: 5000, schemas: 200, operations: 5000, channels: 5000, subscriptions: 5000, bindings: 5000 };
const kindOfSection = { elements: 'element', relationships: 'relationship', messages: 'message', schemas: 'schema', operations: 'operation', channels: 'channel', subscriptions: 'subscription', bindings: 'binding' };
const targets = { ratio: 3, exportMs: 1000, rssMb: 600 };
const setupToken = 'import-bench-setup-token-0123456';

function parseArgs(args) {
  const options = readOptions(args, { runs: 3 }, '--runs N, default 3');
  if (!(Number.isInteger(options.runs) && options.runs >= 1)) throw new Error('--runs must be a whole number of at least 1');
  return options;
}

/** Deterministic numbers (mulberry32). */
function randomOf(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A valid model document with every list at its limit: 250 systems with 5 apps
 * and 2 stores each, 2750 components under the apps, 250 actors; relationships
 * between existing elements; channels of every kind; bindings exchange → queue
 * with unique routing keys; subscriptions with dead-letter queues; truth labels
 * with the provenance they need.
 */
function generateDocument(seed) {
  const id = (label) => uuidV5(seed, label);
  const random = randomOf(Number.parseInt(seed.slice(0, 8), 16));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const fact = (i) => {
    switch (i % 10) {
      case 0:
        return { factStatus: 'observed-in-source', provenance: { source: `git:services/${i}/main.go`, revision: 'a1b2c3d', confidence: null, acceptedBy: null, acceptedAt: null }, stale: null };
      case 1:
        return { factStatus: 'inferred', provenance: { source: `ai:proposal-${i}`, revision: null, confidence: 0.7, acceptedBy: null, acceptedAt: null }, stale: null };
      case 2:
        return { factStatus: 'measured', provenance: { source: `otel:trace/${i}`, revision: null, confidence: null, acceptedBy: null, acceptedAt: null }, stale: { sinceRevision: 'ffeedd', reason: 'evidence-not-found' } };
      default:
        return { factStatus: 'declared', provenance: null, stale: null };
    }
  };
  const element = (label, i, kind, parentId) => ({
    id: id(label),
    kind,
    name: `${kind} ${i} — Ünïcødé`,
    description: i % 3 === 0 ? `The ${kind} number ${i}.\nIt does things.` : null,
    technology: i % 2 === 0 ? 'TypeScript' : null,
    status: ['current', 'planned', 'deprecated', 'removed'][i % 4],
    parentId,
    tags: i % 5 === 0 ? ['core', `team-${i % 7}`] : [],
    icon: null,
    ...fact(i),
  });

  const elements = [];
  const systems = [];
  const apps = [];
  for (let s = 0; s < 250; s++) {
    const system = element(`system-${s}`, s, 'system', null);
    systems.push(system.id);
    elements.push(system);
    for (let a = 0; a < 5; a++) {
      const app = element(`app-${s}-${a}`, s * 5 + a, 'app', system.id);
      apps.push(app.id);
      elements.push(app);
    }
    for (let t = 0; t < 2; t++) elements.push(element(`store-${s}-${t}`, s * 2 + t, 'store', system.id));
  }
  for (let c = 0; c < 2750; c++) elements.push(element(`component-${c}`, c, 'component', apps[c % apps.length]));
  for (let a = 0; a < 250; a++) elements.push(element(`actor-${a}`, a, 'actor', null));
  const elementIds = elements.map((e) => e.id);
  // Children first in the document: the import reads an element after its parent wherever it stands.
  elements.reverse();

  const relationships = Array.from({ length: limits.relationships }, (_, i) => ({
    id: id(`rel-${i}`),
    fromId: pick(elementIds),
    toId: pick(elementIds),
    label: i % 2 === 0 ? `calls ${i}` : null,
    technology: i % 3 === 0 ? 'HTTPS' : null,
    kind: i % 4 === 0 ? 'behavioural' : 'structural',
    lineShape: null,
    ...fact(i),
  }));

  const schemas = Array.from({ length: limits.schemas }, (_, i) => ({ id: id(`schema-${i}`), name: `Schema ${i}`, description: null, content: JSON.stringify({ type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer', minimum: i } } }), version: 1 }));
  const schemaIds = schemas.map((s) => s.id);

  const messages = Array.from({ length: limits.messages }, (_, i) => ({
    id: id(`message-${i}`),
    name: `Event${i}Happened`,
    description: i % 4 === 0 ? 'Something happened.' : null,
    producerId: pick(elementIds),
    consumerIds: [...new Set([pick(elementIds), pick(elementIds)])],
    schemaId: i % 2 === 0 ? pick(schemaIds) : null,
    tags: i % 3 === 0 ? ['event'] : [],
    ...fact(i),
  }));

  const channels = [];
  const exchanges = [];
  const topics = [];
  const queues = [];
  for (let i = 0; i < limits.channels; i++) {
    const kind = i < 1000 ? 'exchange' : i < 1500 ? 'topic' : 'queue';
    const channel = { id: id(`channel-${i}`), name: `${kind}-${i}`, kind, ...fact(i) };
    channels.push(channel);
    (kind === 'exchange' ? exchanges : kind === 'topic' ? topics : queues).push(channel.id);
  }

  const operations = Array.from({ length: limits.operations }, (_, i) => ({
    id: id(`operation-${i}`),
    ownerId: apps[i % apps.length],
    name: `Operation${i}`,
    transport: ['http', 'grpc', 'command'][i % 3],
    requestSchemaId: i % 2 === 0 ? pick(schemaIds) : null,
    responseSchemaId: i % 3 === 0 ? pick(schemaIds) : null,
    timeoutMs: i % 4 === 0 ? null : 1000 + i,
    retry: i % 2 === 0 ? { maxAttempts: 1 + (i % 10), backoffMs: 100 * (i % 50) } : null,
    ...fact(i),
  }));

  const subscriptions = Array.from({ length: limits.subscriptions }, (_, i) => {
    const channelId = queues[i % queues.length];
    const deadLetter = queues[(i + 1) % queues.length];
    return {
      id: id(`subscription-${i}`),
      channelId,
      consumerId: pick(elementIds),
      retry: i % 2 === 0 ? { maxAttempts: 3, backoffMs: 250 } : null,
      deadLetterChannelId: i % 3 === 0 ? deadLetter : null,
      ...fact(i),
    };
  });

  const bindings = Array.from({ length: limits.bindings }, (_, i) => ({
    id: id(`binding-${i}`),
    sourceChannelId: exchanges[i % exchanges.length],
    targetChannelId: queues[i % queues.length],
    routingKey: `orders.${i}.placed`,
    ...fact(i),
  }));

  return { version: '1.0', project: { name: 'bench' }, elements, relationships, messages, schemas, operations, channels, subscriptions, bindings };
}

async function api(base, cookie, method, path, { body, contentType = 'application/json' } = {}) {
  const headers = { cookie };
  if (body !== undefined) headers['content-type'] = contentType;
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { status: response.status, text, ms, headers: response.headers };
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 1000)}`);
  return answer.text === '' ? undefined : JSON.parse(answer.text);
}

const peakRssMb = async (pid) => (await peakRssBytes(pid)) / 1048576;

/** The plain baseline: the rows straight into model_entities, one INSERT … SELECT FROM unnest per kind, one transaction. */
async function plainInsert(client, streamId, document) {
  const started = process.hrtime.bigint();
  await client.query('begin');
  for (const [section, kind] of Object.entries(kindOfSection)) {
    const rows = document[section];
    await client.query(
      `insert into model_entities (stream_id, id, kind, body)
       select $1::uuid, u.id, $2, u.body::jsonb from unnest($3::uuid[], $4::text[]) as u(id, body)`,
      [streamId, kind, rows.map((r) => r.id), rows.map((r) => JSON.stringify(r))],
    );
  }
  await client.query('commit');
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export async function main(args) {
  const options = parseArgs(args);
  let client;
  const beforeStop = () => client?.end().catch(() => undefined);
  await withServer({ prefix: 'svc-bench-import-', setupToken, beforeStop }, async ({ server, base, dataDirectory }) => {
    const port = Number(/embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(server.output())?.[1]);
    if (!port) throw new Error(`no "embedded PostgreSQL on 127.0.0.1:<port>" line in the server log:\n${server.output()}`);
    const pgSettings = JSON.parse(await readFile(join(dataDirectory, 'pg.json'), 'utf8'));
    client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: pgSettings.password, database: 'svc' });
    await client.connect();

    const { cookie } = await setUpAdmin(base, { setupToken });
    const workspace = await createWorkspace(base, cookie, 'Bench');
    const newProject = async (name) => (await createProject(base, cookie, workspace.id, name)).id;

    // Warm-up: a small import and export, so the first measured call does not pay for loading the function group.
    const warm = await newProject('warm-up');
    const small = generateDocument(randomUUID());
    const smallDocument = { channels: small.channels.slice(0, 50), elements: small.elements.filter((e) => e.kind === 'system').slice(0, 50) };
    expectStatus(await api(base, cookie, 'POST', `/api/projects/${warm}/import`, { body: JSON.stringify(smallDocument) }), 200, 'warm-up import');
    expectStatus(await api(base, cookie, 'GET', `/api/projects/${warm}/export`), 200, 'warm-up export');

    const entries = Object.values(limits).reduce((a, b) => a + b, 0);
    console.log(`model document at every list limit: ${Object.entries(limits).map(([k, v]) => `${fmt(v)} ${k}`).join(', ')} (${fmt(entries)} entries)`);
    console.log(`server ${base} (pid ${server.child.pid}), embedded PostgreSQL on 127.0.0.1:${port}; ${options.runs} run(s), each with a fresh document and fresh projects`);

    const results = [];
    for (let run = 1; run <= options.runs; run++) {
      const document = generateDocument(randomUUID());
      const body = JSON.stringify(document);
      const bytes = Buffer.byteLength(body);
      if (bytes > 16_777_216) throw new Error(`the document is ${bytes} bytes, over the import limit`);
      const target = await newProject(`import ${run}`);

      const peaks = [];
      const dry = await api(base, cookie, 'POST', `/api/projects/${target}/import?dryRun=true`, { body });
      peaks.push(await peakRssMb(server.child.pid));
      const preview = expectStatus(dry, 200, 'dry run');
      if (preview.applied !== false || preview.added !== entries || preview.refused !== 0) throw new Error(`dry run: ${JSON.stringify({ ...preview, items: preview.items.filter((i) => i.change === 'refused').slice(0, 5) })}`);

      const imported = await api(base, cookie, 'POST', `/api/projects/${target}/import`, { body });
      const result = expectStatus(imported, 200, 'import');
      peaks.push(await peakRssMb(server.child.pid));
      if (result.applied !== true || result.added !== entries || result.refused !== 0) throw new Error(`import: ${JSON.stringify({ ...result, items: undefined })}`);

      const exported = await api(base, cookie, 'GET', `/api/projects/${target}/export`);
      const model = expectStatus(exported, 200, 'export');
      peaks.push(await peakRssMb(server.child.pid));
      for (const [section, limit] of Object.entries(limits)) {
        if (model[section].length !== limit) throw new Error(`export holds ${model[section].length} ${section}, expected ${limit}`);
      }

      // The same rows (as stored: the records the export gives back) straight into another empty project's main stream.
      const plainProject = await newProject(`plain ${run}`);
      const plainMs = await plainInsert(client, plainProject, model);
      const { rows } = await client.query('select count(*)::int as n from model_entities where stream_id = $1', [plainProject]);
      if (rows[0].n !== entries) throw new Error(`plain insert wrote ${rows[0].n} rows, expected ${entries}`);

      const figures = { bytes, dryMs: dry.ms, importMs: imported.ms, exportMs: exported.ms, exportBytes: Buffer.byteLength(exported.text), plainMs };
      results.push(figures);
      console.log(
        `  run ${run}: body ${fmt(bytes / 1048576, 1)} MiB; dry run ${fmt(figures.dryMs)} ms; import ${fmt(figures.importMs)} ms; export ${fmt(figures.exportMs)} ms (${fmt(figures.exportBytes / 1048576, 1)} MiB); plain insert ${fmt(plainMs)} ms; import/plain ${fmt(figures.importMs / plainMs, 2)}×; server VmHWM after dry run/import/export ${peaks.map((p) => fmt(p)).join('/')} MB`,
      );
    }

    const rssMb = await peakRssMb(server.child.pid);
    const m = (key) => median(results.map((r) => r[key]));
    const ratio = m('importMs') / m('plainMs');
    console.log('');
    console.log(`median of ${results.length} run(s):`);
    console.log(`  dry run (HTTP, ${fmt(entries)} entries, nothing written)   ${fmt(m('dryMs')).padStart(7)} ms`);
    console.log(`  import into an empty project (HTTP)              ${fmt(m('importMs')).padStart(7)} ms`);
    console.log(`  plain bulk insert of the same rows (pg, unnest)  ${fmt(m('plainMs')).padStart(7)} ms`);
    console.log(`  export JSON of that model (HTTP)                 ${fmt(m('exportMs')).padStart(7)} ms`);
    console.log(`import / plain insert: ${fmt(ratio, 2)}× (target ≤ ${targets.ratio}×): ${verdict(ratio <= targets.ratio)}`);
    console.log(`export: ${fmt(m('exportMs'))} ms (target ≤ 1 s): ${verdict(m('exportMs') <= targets.exportMs)}`);
    console.log(`peak RSS of the server process (VmHWM): ${fmt(rssMb)} MB (target ≤ ${targets.rssMb} MB): ${verdict(rssMb <= targets.rssMb)}`);
    const load = await loadAverage();
    if (load) console.log(`load average at the end: ${load}; other work on the machine slows every figure`);
  });
}
