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
import { createProject, createWorkspace, fmt, loadAverage, median, peakRssBytes, readOptions, setUpAdmin, verdict, withServer } from './bench-support.mjs';
import { documentLimits as limits, kindOfSection, limitsDocument } from './bench-models.mjs';

const targets = { ratio: 3, exportMs: 1000, rssMb: 600 };
const setupToken = 'import-bench-setup-token-0123456';

function parseArgs(args) {
  const options = readOptions(args, { runs: 3 }, '--runs N, default 3');
  if (!(Number.isInteger(options.runs) && options.runs >= 1)) throw new Error('--runs must be a whole number of at least 1');
  return options;
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
    const small = limitsDocument(randomUUID());
    const smallDocument = { channels: small.channels.slice(0, 50), elements: small.elements.filter((e) => e.kind === 'system').slice(0, 50) };
    expectStatus(await api(base, cookie, 'POST', `/api/projects/${warm}/import`, { body: JSON.stringify(smallDocument) }), 200, 'warm-up import');
    expectStatus(await api(base, cookie, 'GET', `/api/projects/${warm}/export`), 200, 'warm-up export');

    const entries = Object.values(limits).reduce((a, b) => a + b, 0);
    console.log(`model document at every list limit: ${Object.entries(limits).map(([k, v]) => `${fmt(v)} ${k}`).join(', ')} (${fmt(entries)} entries)`);
    console.log(`server ${base} (pid ${server.child.pid}), embedded PostgreSQL on 127.0.0.1:${port}; ${options.runs} run(s), each with a fresh document and fresh projects`);

    const results = [];
    for (let run = 1; run <= options.runs; run++) {
      const document = limitsDocument(randomUUID());
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
