// `npm run bench -- review [--requests N] [--warmup N]`: the review of a branch of a 5,000-element model.
//
// The real built server (dist/local/main.mjs, its own embedded PostgreSQL in a
// temporary data directory), first-run setup through the API, a project whose
// model is the document at every list limit (5,000 elements, 10,000
// relationships, 5,000 each of messages, operations, channels, subscriptions and
// bindings, 200 schemas) imported through the API, 20 resources on its cost sheet
// with a workspace price, 20 scenarios (each a call of an operation, with an
// outcome assertion), then a draft copied from main on which 5 of the called
// operations and 50 relationships are deleted, 5 resources change quantity and
// 10 threads are opened. Measured in the same run, one after the other on one
// keep-alive connection after a warm-up:
//   - GET /health/live (the bare HTTP path through the shim, no database),
//   - GET P/branches/{draftId}/review?asOf=2026-06-30 (session cookie: both
//     cost estimates and their comparison, the 20 scenarios played over both
//     models, the review findings of both lines, the open threads),
// p50/p99 from process.hrtime; target p50 ≤ 1 s.
import { Agent } from 'node:http';
import { callApi, createProject, fmt, importModel, loadAverage, percentile, readOptions, setUpAdmin, tableRow, timedRequest, uuidV5, verdict, withServer } from './bench-support.mjs';
import { limitsDocument } from './bench-models.mjs';

const setupToken = 'review-bench-setup-token-0123456789';
const seed = '72657669-6577-4e63-8800-000000005000';
const asOf = '2026-06-30';
const scenarioCount = 20;
const targetP50Ms = 1000;

function parseArgs(args) {
  const options = readOptions(args, { requests: 20, warmup: 3 }, '--requests N timed reviews (and /health/live calls), default 20; --warmup N calls, default 3');
  if (!(Number.isInteger(options.requests) && options.requests >= 5)) throw new Error('--requests must be a whole number of at least 5');
  if (!(Number.isInteger(options.warmup) && options.warmup >= 0)) throw new Error('--warmup must be a whole number of 0 or more');
  return options;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** N sequential timed requests after a warm-up; throws on any answer but 200; resolves with the sorted times and the last body. */
async function measure(url, headers, { requests, warmup }) {
  const times = [];
  let body = '';
  for (let i = 0; i < warmup + requests; i++) {
    const answer = await timedRequest(url, { headers, agent });
    if (answer.status !== 200) throw new Error(`${url}: status ${answer.status}: ${answer.body.slice(0, 300)}`);
    if (i >= warmup) times.push(answer.ms);
    body = answer.body;
  }
  return { times: times.sort((a, b) => a - b), body };
}

const resourceOf = (i, elementId, quantity) => ({
  id: uuidV5(seed, `resource-${i}`),
  elementId,
  name: `Resource ${i}`,
  category: 'compute',
  provider: 'azure',
  region: 'westeurope',
  sku: i % 4 === 3 ? `missing-${i}` : 'D2s v5',
  quantity,
  unit: null,
  priceRef: null,
  usage: [{ label: 'hours', quantity: 730, assumptionId: null, unit: 'h' }],
  factStatus: null,
  provenance: null,
});

export async function main(args) {
  const options = parseArgs(args);
  await withServer({ prefix: 'svc-bench-review-', setupToken, beforeStop: () => agent.destroy() }, async ({ server, base }) => {
    const { cookie, workspaceId } = await setUpAdmin(base, { setupToken });
    const api = (method, path, body, expected = 200) => callApi(base, method, path, { body, cookie, expected });
    const project = await createProject(base, cookie, workspaceId, 'Review bench');
    const P = `/api/projects/${project.id}`;
    const document = limitsDocument(seed);
    const imported = Date.now();
    await importModel(base, cookie, project.id, document);
    console.log(`model: ${Object.entries(document).filter(([, v]) => Array.isArray(v)).map(([k, v]) => `${fmt(v.length)} ${k}`).join(', ')}; imported through the API in ${fmt(Date.now() - imported)} ms`);

    await api('POST', `/api/workspaces/${workspaceId}/prices`, { provider: 'azure', region: 'westeurope', sku: 'D2s v5', description: null, unit: '1 Hour', unitPrice: '0.1', currency: 'USD', effectiveDate: '2026-01-01' }, 201);
    const elementIds = document.elements.map((e) => e.id);
    for (let i = 0; i < 20; i++) await api('POST', `${P}/costs/resources`, resourceOf(i, elementIds[i * 7], i + 1), 201);
    const operations = document.operations.slice(0, scenarioCount);
    for (const [i, operation] of operations.entries()) {
      await api(
        'POST',
        `${P}/scenarios`,
        {
          id: uuidV5(seed, `scenario-${i}`),
          name: `Call ${operation.name}`,
          steps: [{ type: 'call', id: 'call', from: elementIds[(i * 13) % elementIds.length], operation: operation.id, request: { n: i }, response: { ok: true }, then: [], onError: [] }],
          faults: [],
          assertions: [{ type: 'outcome', id: 'answered', step: 'call', expected: 'Succeeded' }],
        },
        201,
      );
    }

    const draft = (await api('POST', `${P}/branches`, { name: 'Review bench draft', kind: 'draft' }, 201)).json;
    const onDraft = `?branchId=${draft.id}`;
    for (let i = 0; i < 5; i++) await api('DELETE', `${P}/operations/${operations[i * 4].id}${onDraft}`, undefined, 204);
    for (let i = 0; i < 50; i++) await api('DELETE', `${P}/relationships/${document.relationships[i * 97].id}${onDraft}`, undefined, 204);
    for (let i = 0; i < 5; i++) await api('PUT', `${P}/costs/resources/${resourceOf(i, elementIds[i * 7]).id}${onDraft}`, { ...resourceOf(i, elementIds[i * 7], i + 2), id: null }, 200);
    for (let i = 0; i < 10; i++) await api('POST', `${P}/threads`, { target: { kind: 'element', id: elementIds[i] }, body: `Question ${i} about this draft`, draftId: draft.id }, 201);

    const reviewPath = `${P}/branches/${draft.id}/review?asOf=${asOf}`;
    const check = JSON.parse((await timedRequest(`${base}${reviewPath}`, { headers: { cookie }, agent })).body);
    console.log(
      `review of the draft: ${check.costs.resources.length} cost resources (totals difference ${check.costs.totalsDifference.map((t) => `${t.monthlyCost} ${t.currency}`).join(', ')}); ${check.scenarios.changed.length} of ${check.scenarios.compared} scenarios differ; findings ${fmt(check.findings.addedCount)} added, ${fmt(check.findings.removedCount)} removed; ${check.threads.items.length} open threads`,
    );
    console.log(`server ${base} (pid ${server.child.pid}); ${options.requests} sequential calls per target on one keep-alive connection after ${options.warmup} warm-up calls; load ${await loadAverage()}`);

    const health = await measure(`${base}/health/live`, {}, options);
    const review = await measure(`${base}${reviewPath}`, { cookie }, options);
    console.log('');
    console.log('target                                   p50 ms     p99 ms   bytes/answer');
    for (const row of [
      { name: 'GET /health/live', ...health },
      { name: 'GET P/branches/{id}/review', ...review },
    ]) {
      console.log(tableRow([row.name, fmt(percentile(row.times, 50), 3), fmt(percentile(row.times, 99), 3), fmt(Buffer.byteLength(row.body))], [-38, 10, 10, 14]));
    }
    const reviewP50 = percentile(review.times, 50);
    const healthP50 = percentile(health.times, 50);
    console.log(`GET P/branches/{id}/review p50 is ${fmt(reviewP50 / healthP50, 1)}× the p50 of GET /health/live (${fmt(reviewP50 - healthP50, 1)} ms more)`);
    console.log(`review p50 ${fmt(reviewP50, 1)} ms against the target of ${targetP50Ms} ms: ${verdict(reviewP50 <= targetP50Ms)}`);
  });
}
