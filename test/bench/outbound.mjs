// `npm run bench -- outbound [--requests N] [--clients N] [--bytes N]`: the outbound client
// (lib/platform/net/outbound-fetch.ts: resolve, judge, pinned and kept-alive connection) against Node's
// own fetch on the same local server in its own process, GET of a body of --bytes, --clients
// callers at once, the two runs interleaved in rounds so the machine's noise falls on both.
// With --by-name 1 the address names the host as `localhost`, so the outbound client resolves it
// for every request (as it does for any name) while Node's fetch resolves once per connection.
// Reports calls per second of each and their ratio.
import { bundleTypeScript, fmt, readOptions, startProcess } from './bench-support.mjs';

const usage = 'npm run bench -- outbound [--requests 4000] [--clients 8] [--bytes 2048] [--by-name 0|1]';

async function runClients(fetchImpl, url, requests, clients) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const response = await fetchImpl(url);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return requests / ((performance.now() - started) / 1000);
}

export async function main(args) {
  const options = readOptions(args, { requests: 4000, clients: 8, bytes: 2048, byName: 0 }, usage);
  const { createOutboundFetch, operatorConfiguredGuard } = await bundleTypeScript('outbound-fetch', "export * from './lib/net/outbound-fetch';");
  const body = 'x'.repeat(options.bytes);
  const server = startProcess('bare', [new URL('./bare-server.mjs', import.meta.url).pathname], { ...process.env, BARE_RESPONSE: JSON.stringify({ path: '/data', status: 200, rawHeaders: ['content-type', 'text/plain', 'content-length', String(Buffer.byteLength(body))], body }) }, 10_000);
  const origin = await server.ready;
  const url = `${options.byName ? origin.replace('127.0.0.1', 'localhost') : origin}/data`;
  try {
    const guarded = createOutboundFetch({ guard: operatorConfiguredGuard, timeoutMs: 10_000 });
    // Warm both paths (JIT, the first connections).
    await runClients(fetch, url, 500, options.clients);
    await runClients(guarded, url, 500, options.clients);
    const rounds = 3;
    const rates = { node: [], guarded: [] };
    for (let round = 0; round < rounds; round += 1) {
      rates.node.push(await runClients(fetch, url, Math.ceil(options.requests / rounds), options.clients));
      rates.guarded.push(await runClients(guarded, url, Math.ceil(options.requests / rounds), options.clients));
    }
    const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
    const node = mean(rates.node);
    const ours = mean(rates.guarded);
    process.stdout.write(`outbound: ${options.requests} GETs of ${options.bytes} bytes from ${url}, ${options.clients} callers at once, ${rounds} interleaved rounds\n`);
    process.stdout.write(`  Node fetch (undici, pooled):        ${fmt(node)} calls/s\n`);
    process.stdout.write(`  outbound client (judged, pinned):   ${fmt(ours)} calls/s\n`);
    process.stdout.write(`  ratio outbound / Node fetch:        ${fmt(ours / node, 2)}\n`);
  } finally {
    await server.stop();
  }
}
