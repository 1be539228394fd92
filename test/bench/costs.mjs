// `npm run bench -- costs [--requests N] [--warmup N] [--writes N] [--iterations N]`: the estimate of a large cost sheet.
//
// The real built server (dist/local/main.mjs, its own embedded PostgreSQL in a
// temporary data directory), first-run setup through the API, a project whose
// model holds 200 systems, and in its workspace 10,000 price entries (2,500
// SKUs with 4 effective dates each, two regions, USD and every tenth SKU in EUR).
// The main cost sheet gets 2,000 resources and 10 assumptions, written straight
// into the tables the endpoints write (the same rows; writing them through 2,000
// POSTs would only measure the writes): half look their price up by provider,
// region and SKU, a quarter name it (priceRef), a tenth name a SKU no price has
// (unpriced), the rest look up with a unit; most have usage lines, half of them
// naming an assumption. Measured in the same run, one after the other on one
// keep-alive connection after a warm-up:
//   - GET /health/live (the bare HTTP path through the shim, no database),
//   - GET P/costs/estimate?asOf=2026-03-31 (session cookie: sign-in and role
//     checks, the effective settings, the sheet in one snapshot and beside it
//     the prices it needs in one statement, the engine, the JSON answer),
// p50/p99 from process.hrtime; target p50 ≤ 100 ms. Then `--writes` PUTs of a
// resource of the 2,000-resource sheet (each reads the sheet under its lock),
// and in this process the engine alone (lib/features/costs, bundled from TypeScript) over
// the same sheet and all 10,000 prices.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { bundleTypeScript, callApi, fmt, importModel, loadAverage, percentile, readOptions, setUpAdmin, tableRow, timedRequest, uuidV5, withServer } from './bench-support.mjs';

const setupToken = 'costs-bench-setup-token-0123456789';
const seed = '636f7374-7362-4e63-8800-000000002000';
const asOf = '2026-03-31';
const resourceCount = 2000;
const skuCount = 2500;
const datesPerSku = 4;
const targetP50Ms = 100;

function parseArgs(args) {
  const options = readOptions(
    args,
    { requests: 200, warmup: 20, writes: 50, iterations: 50 },
    '--requests N timed estimates (and /health/live calls), default 200; --warmup N calls, default 20; --writes N timed resource PUTs, default 50; --iterations N in-process engine runs, default 50',
  );
  for (const key of ['requests', 'writes', 'iterations']) if (!(Number.isInteger(options[key]) && options[key] >= 5)) throw new Error(`--${key} must be a whole number of at least 5`);
  if (!(Number.isInteger(options.warmup) && options.warmup >= 0)) throw new Error('--warmup must be a whole number of 0 or more');
  return options;
}

const id = (label) => uuidV5(seed, label);
const skuOf = (n) => `sku-${String(n).padStart(4, '0')}`;
const regionOf = (n) => (n % 2 === 0 ? 'westeurope' : 'northeurope');
const unitPriceOf = (sku, date) => `${(sku % 97) + 1}.${String((sku * 7919 + date * 104729) % 10000).padStart(4, '0')}`;
const dates = ['2025-01-01', '2025-07-01', '2026-01-01', '2026-07-01'];

/** 200 systems for the resources to belong to. */
function modelDocument() {
  return { elements: Array.from({ length: 200 }, (_, i) => ({ id: id(`system-${i}`), kind: 'system', name: `System ${i}`, status: 'current', parentId: null })) };
}

async function insertPrices(client, workspaceId) {
  const rows = { id: [], region: [], sku: [], unit: [], price: [], currency: [], date: [] };
  for (let s = 0; s < skuCount; s++) {
    for (let d = 0; d < datesPerSku; d++) {
      rows.id.push(id(`price-${s}-${d}`));
      rows.region.push(regionOf(s));
      rows.sku.push(skuOf(s));
      rows.unit.push('1 Hour');
      rows.price.push(unitPriceOf(s, d));
      rows.currency.push(s % 10 === 9 ? 'EUR' : 'USD');
      rows.date.push(dates[d]);
    }
  }
  await client.query(
    `insert into price_entries (id, workspace_id, source, provider, region, sku, description, unit, unit_price, currency, effective_date, catalog_ref, created_by, created_at)
     select u.id, $1, 'custom', 'azure', u.region, u.sku, null, u.unit, u.price::numeric, u.currency, u.date::date, null, 'user:bench', now()
     from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) as u(id, region, sku, unit, price, currency, date)`,
    [workspaceId, rows.id, rows.region, rows.sku, rows.unit, rows.price, rows.currency, rows.date],
  );
  return rows.id.length;
}

function resourceOf(i) {
  const sku = (i * 7) % skuCount;
  const base = { id: id(`resource-${i}`), elementId: id(`system-${i % 200}`), name: `Resource ${i}`, category: i % 3 === 0 ? 'storage' : 'compute', provider: 'azure', region: regionOf(sku), sku: skuOf(sku), quantity: String((i % 5) + 1), unit: null, priceRef: null };
  const usage =
    i % 4 === 0 ? null : [{ label: 'hours', quantity: i % 2 === 0 ? '730' : null, assumptionId: i % 2 === 0 ? null : id(`assumption-${i % 10}`), unit: 'h' }, { label: 'share', quantity: '0.25', assumptionId: null, unit: null }];
  if (i % 4 === 1) return { ...base, priceRef: id(`price-${sku}-${i % 3}`), usage };
  if (i % 10 === 3) return { ...base, sku: `missing-${i}`, usage };
  if (i % 10 === 7) return { ...base, unit: '1 Hour', usage };
  return { ...base, usage };
}

async function insertSheet(client, projectId) {
  await client.query('insert into cost_sheets (stream_id, project_id, version, updated_at) values ($1, $1, 1, now())', [projectId]);
  const assumptions = Array.from({ length: 10 }, (_, i) => i);
  await client.query(
    `insert into cost_assumptions (stream_id, id, position, name, kind, subject_id, value, unit, label, source, effective_date)
     select $1, u.id, u.position, u.name, 'usage', null, u.value, 'hours', 'declared', null, date '2026-01-01'
     from unnest($2::uuid[], $3::int[], $4::text[], $5::text[]) as u(id, position, name, value)`,
    [projectId, assumptions.map((i) => id(`assumption-${i}`)), assumptions, assumptions.map((i) => `Assumption ${i}`), assumptions.map((i) => String(700 + i))],
  );
  const resources = Array.from({ length: resourceCount }, (_, i) => resourceOf(i));
  await client.query(
    `insert into cost_resources (stream_id, id, position, element_id, name, category, provider, region, sku, quantity, unit, price_ref, usage, fact_status, provenance)
     select $1, u.id, u.position, u.element_id, u.name, u.category, 'azure', u.region, u.sku, u.quantity::numeric, u.unit, u.price_ref, u.usage::jsonb, 'declared', null
     from unnest($2::uuid[], $3::int[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::uuid[], $12::text[])
       as u(id, position, element_id, name, category, region, sku, quantity, unit, price_ref, usage)`,
    [
      projectId,
      resources.map((r) => r.id),
      resources.map((_, i) => i),
      resources.map((r) => r.elementId),
      resources.map((r) => r.name),
      resources.map((r) => r.category),
      resources.map((r) => r.region),
      resources.map((r) => r.sku),
      resources.map((r) => r.quantity),
      resources.map((r) => r.unit),
      resources.map((r) => r.priceRef),
      resources.map((r) => (r.usage === null ? null : JSON.stringify(r.usage))),
    ],
  );
  return resources;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** N sequential timed requests after a warm-up; throws on any answer but `expected`; resolves with the sorted times and the last body. */
async function measure(url, options, { requests, warmup }, expected = 200) {
  const times = [];
  let body = '';
  for (let i = 0; i < warmup + requests; i++) {
    const answer = await timedRequest(url, { ...options, agent });
    if (answer.status !== expected) throw new Error(`${url}: status ${answer.status}: ${answer.body.slice(0, 300)}`);
    if (i >= warmup) times.push(answer.ms);
    body = answer.body;
  }
  return { times: times.sort((a, b) => a - b), body };
}

export async function main(args) {
  const options = parseArgs(args);
  let client;
  const beforeStop = async () => {
    agent.destroy();
    await client?.end().catch(() => undefined);
  };
  await withServer({ prefix: 'svc-bench-costs-', setupToken, beforeStop }, async ({ server, base, dataDirectory }) => {
    const port = Number(/embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(server.output())?.[1]);
    if (!port) throw new Error(`no "embedded PostgreSQL on 127.0.0.1:<port>" line in the server log:\n${server.output()}`);
    const pgSettings = JSON.parse(await readFile(join(dataDirectory, 'pg.json'), 'utf8'));
    client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: pgSettings.password, database: 'svc' });
    await client.connect();

    const { cookie, workspaceId } = await setUpAdmin(base, { setupToken });
    const project = (await callApi(base, 'POST', `/api/workspaces/${workspaceId}/projects`, { body: { name: 'Costs bench', description: null }, cookie, expected: 201 })).json;
    await importModel(base, cookie, project.id, modelDocument());
    const priceCount = await insertPrices(client, workspaceId);
    const resources = await insertSheet(client, project.id);
    await client.query('analyze price_entries; analyze cost_resources; analyze cost_assumptions');

    const estimatePath = `/api/projects/${project.id}/costs/estimate?asOf=${asOf}`;
    const check = JSON.parse((await timedRequest(`${base}${estimatePath}`, { headers: { cookie }, agent })).body);
    const counted = check.lines.length + check.unpriced.length;
    if (counted !== resourceCount) throw new Error(`the estimate covers ${counted} resources, not ${resourceCount}`);
    console.log(`workspace prices: ${fmt(priceCount)} (${fmt(skuCount)} SKUs × ${datesPerSku} dates); main sheet: ${fmt(resourceCount)} resources, 10 assumptions, 200 elements`);
    console.log(`estimate on ${asOf}: ${fmt(check.lines.length)} priced lines (${fmt(check.staleCount)} stale), ${fmt(check.unpriced.length)} unpriced; totals ${check.totals.map((t) => `${t.monthlyCost} ${t.currency}`).join(', ')}`);
    console.log(`server ${base} (pid ${server.child.pid}); ${options.requests} sequential calls per target on one keep-alive connection after ${options.warmup} warm-up calls; load ${await loadAverage()}`);

    const health = await measure(`${base}/health/live`, {}, options);
    const estimate = await measure(`${base}${estimatePath}`, { headers: { cookie } }, options);
    const body = (i) => JSON.stringify({ ...resourceOf(i), name: `Resource ${i} (${randomUUID().slice(0, 8)})`, factStatus: null, provenance: null });
    const writes = [];
    for (let i = 0; i < options.writes + options.warmup; i++) {
      const resource = resourceOf(i);
      const answer = await timedRequest(`${base}/api/projects/${project.id}/costs/resources/${resource.id}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: body(i), agent });
      if (answer.status !== 200) throw new Error(`PUT resource: ${answer.status}: ${answer.body.slice(0, 300)}`);
      if (i >= options.warmup) writes.push(answer.ms);
    }
    writes.sort((a, b) => a - b);

    const { estimateFigures, openDatabase, readSheet, priceCandidatesOfSheet, costSettings, estimateLine } = await bundleTypeScript(
      'costs-engine',
      [
        "export { estimateFigures } from './lib/costs/estimate-engine';",
        "export { openDatabase } from './lib/db/open-database';",
        "export { readSheet } from './lib/costs/cost-sheet-store';",
        "export { priceCandidatesOfSheet } from './lib/costs/price-candidates';",
        "export { costSettings, estimateLine } from './lib/costs/estimate-service';",
      ].join('\n'),
    );
    // Where the time of one estimate goes: each read of lib/features/costs on its own, in this process, against the server's database.
    const database = openDatabase({ host: '127.0.0.1', port, user: 'postgres', password: pgSettings.password, database: 'svc' }, { maxConnections: 2 });
    const context = { db: database.db, profile: 'local' };
    const line = { streamId: project.id, projectId: project.id, kind: 'main', modelVersion: 1 };
    const stepTimes = { settings: [], sheet: [], prices: [], whole: [] };
    let candidateCount = 0;
    for (let i = 0; i < options.warmup + options.iterations; i++) {
      const time = async (key, work) => {
        const started = process.hrtime.bigint();
        const result = await work();
        if (i >= options.warmup) stepTimes[key].push(Number(process.hrtime.bigint() - started) / 1e6);
        return result;
      };
      await time('settings', () => costSettings(context, workspaceId));
      await time('sheet', () => readSheet(database.db, project.id));
      candidateCount = (await time('prices', () => priceCandidatesOfSheet(database.db, { workspaceId, streamId: project.id, asOf, preferredCurrency: 'USD' }))).prices.length;
      await time('whole', () => estimateLine(context, { workspaceId, line, asOf }));
    }
    await database.close();
    for (const times of Object.values(stepTimes)) times.sort((a, b) => a - b);
    const sheet = (await callApi(base, 'GET', `/api/projects/${project.id}/costs`, { cookie })).json;
    const { rows } = await client.query(
      `select id, workspace_id as "workspaceId", source, provider, region, sku, description, unit, unit_price::text as "unitPrice", currency, effective_date::text as "effectiveDate", catalog_ref as "catalogRef", created_by as "createdBy", created_at as "createdAt" from price_entries`,
    );
    const prices = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    const engineInput = { resources: sheet.resources, assumptions: sheet.assumptions, prices, asOf, stalePriceAfterDays: 90, preferredCurrency: 'USD' };
    for (let i = 0; i < 5; i++) estimateFigures(engineInput);
    const engineTimes = [];
    for (let i = 0; i < options.iterations; i++) {
      const started = process.hrtime.bigint();
      estimateFigures(engineInput);
      engineTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    engineTimes.sort((a, b) => a - b);

    const rowsOut = [
      { name: 'GET /health/live', times: health.times, bytes: Buffer.byteLength(health.body) },
      { name: 'GET P/costs/estimate', times: estimate.times, bytes: Buffer.byteLength(estimate.body) },
      { name: 'PUT P/costs/resources/{id}', times: writes, bytes: null },
    ];
    console.log('');
    console.log('target                          p50 ms   p99 ms   bytes/answer');
    for (const row of rowsOut) console.log(tableRow([row.name, fmt(percentile(row.times, 50), 3), fmt(percentile(row.times, 99), 3), row.bytes === null ? 'sheet' : fmt(row.bytes)], [-30, 8, 8, 14]));
    const estimateP50 = percentile(estimate.times, 50);
    console.log(`GET P/costs/estimate p50 is ${fmt(estimateP50 / percentile(health.times, 50), 1)}× the p50 of GET /health/live (${fmt(estimateP50 - percentile(health.times, 50), 3)} ms more)`);
    console.log(`in process, the engine alone over the ${fmt(resources.length)} resources and all ${fmt(priceCount)} prices: p50 ${fmt(percentile(engineTimes, 50), 2)} ms (${options.iterations} runs)`);
    const p50 = (key) => fmt(percentile(stepTimes[key], 50), 2);
    console.log(`in process against the server's database, p50: effective settings ${p50('settings')} ms, the sheet (three statements, one snapshot) ${p50('sheet')} ms, the prices it needs (one statement, ${fmt(candidateCount)} prices; runs beside the sheet read) ${p50('prices')} ms; the whole estimate without HTTP ${p50('whole')} ms`);
    console.log(`estimate p50 ${fmt(estimateP50, 1)} ms against the target of ${targetP50Ms} ms: ${estimateP50 <= targetP50Ms ? 'meets' : 'misses'}`);
  });
}
