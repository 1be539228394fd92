// `npm run bench -- mcp [--requests N] [--duration N]`: the cost of a tool call over /mcp.
//
// The real built server (dist/local/main.mjs, its own embedded PostgreSQL in a
// temporary data directory) in its own process; a 5000-element model (250
// systems with 5 apps and 2 stores each, 2750 components, 250 actors; 10000
// relationships, 2000 messages) imported through the API; a read agent token.
// Each call is one raw JSON-RPC `tools/call` POST to /mcp (what the SDK
// client sends; stateless, JSON answer) over a keep-alive connection, checked
// for a result that is no error. Measured in the same run, one after another:
//   - GET /health/live (the bare HTTP path through the shim, no database),
//   - find_elements (first page, limit 50, no filter; and, for comparison
//     only, with a name filter, which matches names outside the database),
//   - get_element (a different element each call, with its relationships),
//   - find_paths (a different pair of elements each call, default maxDepth 4),
//   - get_impact (a different element each call, default maxDepth 3).
// Latency: N sequential calls on one connection after a warm-up, p50/p99 from
// process.hrtime. Throughput: autocannon, 10 connections, for `duration`
// seconds per target. Targets: p50 ≤ 10 ms for find_elements and get_element,
// ≤ 20 ms for find_paths and get_impact.
import { Agent } from 'node:http';
import autocannon from 'autocannon';
import { createAgentToken, createProject, fmt, importModel, loadAverage, percentile, readOptions, setUpAdmin, tableRow, timedRequest, verdict, withServer } from './bench-support.mjs';
import { fiveThousandElementModel } from './bench-models.mjs';

const setupToken = 'mcp-bench-setup-token-0123456789';
const targetP50Ms = 10;
const graphTargetP50Ms = 20;
const connections = 10;

function parseArgs(args) {
  const options = readOptions(
    args,
    { requests: 2000, duration: 5, warmup: 200 },
    '--requests N sequential calls per target, default 2000; --duration N seconds of autocannon per target, default 5; --warmup N calls, default 200',
  );
  if (!(Number.isInteger(options.requests) && options.requests >= 10)) throw new Error('--requests must be a whole number of at least 10');
  if (!(options.duration >= 1)) throw new Error('--duration must be at least 1 (seconds)');
  if (!(Number.isInteger(options.warmup) && options.warmup >= 0)) throw new Error('--warmup must be a whole number of 0 or more');
  return options;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request on the keep-alive agent; resolves with status, body and elapsed milliseconds. */
const send = (url, method, headers, body) => timedRequest(url, { method, headers, body, agent });

export async function main(args) {
  const options = parseArgs(args);
  await withServer({ prefix: 'svc-bench-mcp-', setupToken, beforeStop: () => agent.destroy() }, async ({ server, base }) => {
    const { cookie, workspaceId } = await setUpAdmin(base, { setupToken });
    const project = await createProject(base, cookie, workspaceId, 'MCP bench');
    const { document, elementIds } = fiveThousandElementModel();
    const importStarted = Date.now();
    const imported = await importModel(base, cookie, project.id, document);
    if (imported.added !== elementIds.length + document.relationships.length + document.messages.length) throw new Error(`import added ${imported.added}: ${JSON.stringify({ ...imported, items: undefined })}`);
    const token = await createAgentToken(base, cookie, workspaceId, { name: 'bench', scopes: ['read'] });
    console.log(`model: ${fmt(elementIds.length)} elements, ${fmt(document.relationships.length)} relationships, ${fmt(document.messages.length)} messages, imported through the API in ${fmt(Date.now() - importStarted)} ms`);
    console.log(`server ${base} (pid ${server.child.pid}); ${options.requests} sequential calls per target on one keep-alive connection after ${options.warmup} warm-up calls; then autocannon, ${connections} connections, ${options.duration} s per target`);

    const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}`, 'mcp-protocol-version': '2025-06-18' };
    let callId = 0;
    const toolCall = (name, args) => JSON.stringify({ jsonrpc: '2.0', id: ++callId, method: 'tools/call', params: { name, arguments: args } });
    const check = (answer, what) => {
      if (answer.status !== 200) throw new Error(`${what}: status ${answer.status}: ${answer.body.slice(0, 300)}`);
      if (what === 'health') return;
      const parsed = JSON.parse(answer.body);
      if (!parsed.result || parsed.result.isError) throw new Error(`${what}: ${answer.body.slice(0, 300)}`);
    };
    let next = 0;
    const targets = [
      { name: 'GET /health/live', what: 'health', make: () => ({ method: 'GET', path: '/health/live', headers: {}, body: undefined }) },
      { name: 'find_elements (limit 50)', what: 'find_elements', target: true, make: () => ({ method: 'POST', path: '/mcp', headers: mcpHeaders, body: toolCall('find_elements', { projectId: project.id, limit: 50 }) }) },
      { name: 'find_elements (name filter)', what: 'find_elements', make: () => ({ method: 'POST', path: '/mcp', headers: mcpHeaders, body: toolCall('find_elements', { projectId: project.id, name: 'component 12', limit: 50 }) }) },
      { name: 'get_element', what: 'get_element', target: true, make: () => ({ method: 'POST', path: '/mcp', headers: mcpHeaders, body: toolCall('get_element', { projectId: project.id, elementId: elementIds[next++ % elementIds.length] }) }) },
      {
        name: 'find_paths (maxDepth 4)',
        what: 'find_paths',
        graph: true,
        make: () => {
          const at = next++;
          // Pairs spread over the model; the same pairs every run.
          return { method: 'POST', path: '/mcp', headers: mcpHeaders, body: toolCall('find_paths', { projectId: project.id, fromId: elementIds[at % elementIds.length], toId: elementIds[(at * 7919 + 13) % elementIds.length], limit: 20 }) };
        },
      },
      { name: 'get_impact (maxDepth 3)', what: 'get_impact', graph: true, make: () => ({ method: 'POST', path: '/mcp', headers: mcpHeaders, body: toolCall('get_impact', { projectId: project.id, kind: 'element', id: elementIds[next++ % elementIds.length] }) }) },
    ];

    const rows = [];
    for (const target of targets) {
      for (let i = 0; i < options.warmup; i++) {
        const r = target.make();
        check(await send(`${base}${r.path}`, r.method, r.headers, r.body), target.what);
      }
      const times = [];
      let bytes = 0;
      for (let i = 0; i < options.requests; i++) {
        const r = target.make();
        const answer = await send(`${base}${r.path}`, r.method, r.headers, r.body);
        check(answer, target.what);
        times.push(answer.ms);
        bytes += Buffer.byteLength(answer.body);
      }
      times.sort((a, b) => a - b);
      const sequentialPerSecond = (1000 * times.length) / times.reduce((a, b) => a + b, 0);
      const sample = target.make();
      const loaded = await autocannon({ url: `${base}${sample.path}`, method: sample.method, headers: sample.headers, body: sample.body, connections, duration: options.duration });
      const problems = loaded.errors + loaded.timeouts + loaded.non2xx;
      const row = { name: target.name, target: target.target === true, graph: target.graph === true, p50: percentile(times, 50), p99: percentile(times, 99), sequentialPerSecond, concurrentPerSecond: loaded.requests.average, bytes: bytes / times.length, problems };
      rows.push(row);
      console.log(`  ${target.name}: p50 ${fmt(row.p50, 2)} ms, p99 ${fmt(row.p99, 2)} ms, ${fmt(row.sequentialPerSecond)} calls/s sequential, ${fmt(row.concurrentPerSecond)} calls/s with ${connections} connections, ${fmt(row.bytes)} bytes/answer${problems ? `; ${problems} failed or non-2xx under load` : ''}`);
    }

    console.log('');
    console.log('target                           p50 ms   p99 ms   calls/s (1 conn)   calls/s (10 conn)');
    for (const row of rows) {
      console.log(tableRow([row.name, fmt(row.p50, 2), fmt(row.p99, 2), fmt(row.sequentialPerSecond), fmt(row.concurrentPerSecond)], [-30, 8, 8, 18, 19]));
    }
    const tools = rows.filter((r) => r.target);
    const met = tools.every((r) => r.p50 <= targetP50Ms);
    console.log(`p50 of find_elements and get_element ≤ ${targetP50Ms} ms: ${verdict(met)} (${tools.map((r) => `${r.name} ${fmt(r.p50, 2)} ms`).join(', ')}; the name-filtered find_elements is shown for comparison, not part of the target)`);
    const graph = rows.filter((r) => r.graph);
    const graphMet = graph.every((r) => r.p50 <= graphTargetP50Ms);
    console.log(`p50 of find_paths and get_impact ≤ ${graphTargetP50Ms} ms: ${verdict(graphMet)} (${graph.map((r) => `${r.name} ${fmt(r.p50, 2)} ms`).join(', ')})`);
    const health = rows.find((r) => r.name === 'GET /health/live');
    for (const r of [...tools, ...graph]) console.log(`  ${r.name}: ${fmt(r.p50 / health.p50, 1)}× the p50 of the bare HTTP path; ${fmt((100 * r.concurrentPerSecond) / health.concurrentPerSecond, 1)}% of its calls/s`);
    const load = await loadAverage();
    if (load) console.log(`load average at the end: ${load}; other work on the machine slows every figure`);
  });
}
