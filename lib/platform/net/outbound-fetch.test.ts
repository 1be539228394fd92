import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch, type OutboundGuard, OutboundLimitError, OutboundRefusedError } from './outbound-fetch';
import { isPrivateAddress } from './private-address';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse, body: string) => void): Promise<{ server: Server; origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      handle(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const allowAll: OutboundGuard = { resolveHost: async () => ['127.0.0.1'], judge: () => null };
const refusePrivate: OutboundGuard = { resolveHost: async () => ['127.0.0.1'], judge: (_url, addresses) => (addresses.some(isPrivateAddress) ? 'resolves to a private address' : null) };

async function refusal(work: Promise<unknown>): Promise<OutboundRefusedError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundRefusedError);
  return error as OutboundRefusedError;
}

describe('createOutboundFetch', () => {
  let first: Awaited<ReturnType<typeof listen>>;
  let second: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    second = await listen((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"second"}'));
    first = await listen((request, response, body) => {
      const path = request.url ?? '';
      if (path === '/elsewhere') response.writeHead(302, { location: `${second.origin}/v1/messages` }).end();
      else if (path === '/moved') response.writeHead(307, { location: '/here' }).end();
      else if (path === '/see-other') response.writeHead(303, { location: '/here' }).end();
      else if (path === '/loop') response.writeHead(302, { location: '/loop' }).end();
      else if (path === '/gzip') response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' }).end(gzipSync('packed text'));
      else if (path === '/large') response.writeHead(200).end('x'.repeat(10_000));
      else if (path === '/silent') return;
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path, method: request.method, body }));
    });
  });

  afterAll(async () => {
    for (const { server } of [first, second]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers as fetch does: status, headers, body, the method and body sent', async () => {
    const fetch = createOutboundFetch({ guard: allowAll });
    const response = await fetch(`${first.origin}/api`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k' }, body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ path: '/api', method: 'POST', body: '{"a":1}' });
    expect(first.seen.at(-1)!.headers['x-api-key']).toBe('k');
  });

  it('never follows a redirect to another origin: the second server is never called, and the key never leaves', async () => {
    const fetch = createOutboundFetch({ guard: allowAll });
    const before = second.seen.length;
    const error = await refusal(fetch(`${first.origin}/elsewhere`, { method: 'POST', headers: { 'x-goog-api-key': 'secret' }, body: '{}' }));
    expect(error.refusal).toBe('other-origin');
    expect(second.seen.length).toBe(before);
  });

  it('follows a redirect within the origin, keeping the method for 307 and turning a 303 into GET', async () => {
    const fetch = createOutboundFetch({ guard: allowAll });
    const kept = await fetch(`${first.origin}/moved`, { method: 'POST', body: 'b' });
    expect(await kept.json()).toEqual({ path: '/here', method: 'POST', body: 'b' });
    expect(kept.redirected).toBe(true);
    const seeOther = await fetch(`${first.origin}/see-other`, { method: 'POST', body: 'b' });
    expect(await seeOther.json()).toEqual({ path: '/here', method: 'GET', body: '' });
  });

  it('checks every hop of a redirect like the first one', async () => {
    let judged = 0;
    const fetch = createOutboundFetch({
      guard: {
        resolveHost: async () => ['127.0.0.1'],
        judge: () => {
          judged += 1;
          return judged > 1 ? 'is refused the second time' : null;
        },
      },
    });
    expect((await refusal(fetch(`${first.origin}/moved`))).refusal).toBe('address');
  });

  it('stops after five redirects', async () => {
    const fetch = createOutboundFetch({ guard: allowAll });
    const before = first.seen.length;
    expect((await refusal(fetch(`${first.origin}/loop`))).refusal).toBe('redirects');
    expect(first.seen.length - before).toBe(6);
  });

  it("'manual' answers the redirect itself, 'error' refuses it", async () => {
    const fetch = createOutboundFetch({ guard: allowAll });
    const manual = await fetch(`${first.origin}/elsewhere`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe(`${second.origin}/v1/messages`);
    expect((await refusal(fetch(`${first.origin}/moved`, { redirect: 'error' }))).refusal).toBe('redirects');
  });

  it('refuses a private address before connecting, by name or literal', async () => {
    const fetch = createOutboundFetch({ guard: refusePrivate });
    const before = first.seen.length;
    const byName = await refusal(fetch(`http://api.example.test:${new URL(first.origin).port}/x`));
    expect(byName).toMatchObject({ refusal: 'address', judged: 'resolves to a private address' });
    expect((await refusal(fetch(`${first.origin}/x`))).refusal).toBe('address');
    expect(first.seen.length).toBe(before);
  });

  it('calls only its origin when bound to one', async () => {
    const fetch = createOutboundFetch({ guard: allowAll, onlyOrigin: first.origin });
    expect((await fetch(`${first.origin}/ok`)).status).toBe(200);
    const before = second.seen.length;
    expect((await refusal(fetch(`${second.origin}/v1/messages`))).refusal).toBe('other-origin');
    expect(second.seen.length).toBe(before);
  });

  it('decodes a gzip body as fetch does', async () => {
    const response = await createOutboundFetch({ guard: allowAll })(`${first.origin}/gzip`);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('packed text');
  });

  it('cuts a body over the byte limit with an error', async () => {
    const response = await createOutboundFetch({ guard: allowAll, maxResponseBytes: 1000 })(`${first.origin}/large`);
    const error = await response.text().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).cause ?? error)).toMatch(/larger than 1000 bytes/);
  });

  it('ends at its time limit without headers, and at the caller’s abort', async () => {
    const fetch = createOutboundFetch({ guard: allowAll, timeoutMs: 150 });
    const started = Date.now();
    const timedOut = await fetch(`${first.origin}/silent`).catch((caught: unknown) => caught);
    expect(timedOut).toBeInstanceOf(OutboundLimitError);
    expect(Date.now() - started).toBeLessThan(2000);
    const aborted = await createOutboundFetch({ guard: allowAll })(`${first.origin}/silent`, { signal: AbortSignal.timeout(100) }).catch((caught: unknown) => caught);
    expect((aborted as Error).name).toBe('TimeoutError');
  });

  it('a refused scheme or an unresolvable name is a refusal, a closed port a network failure', async () => {
    const fetch = createOutboundFetch({
      guard: {
        resolveHost: async () => {
          throw new Error('ENOTFOUND');
        },
        judge: () => null,
      },
    });
    expect((await refusal(fetch('http://gone.example.test/'))).refusal).toBe('does-not-resolve');
    const closed = await createOutboundFetch({ guard: allowAll })('http://127.0.0.1:1/').catch((caught: unknown) => caught);
    expect(closed).toBeInstanceOf(TypeError);
    expect((closed as TypeError).message).toBe('fetch failed');
  });

  it('reuses a kept-alive connection for addresses judged the same, and opens another when the host resolved otherwise', async () => {
    let connections = 0;
    const counting = createServer((_request, response) => response.writeHead(200).end('ok'));
    counting.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    const port = (counting.address() as AddressInfo).port;
    try {
      let answer = ['127.0.0.1'];
      const fetch = createOutboundFetch({ guard: { resolveHost: async () => answer, judge: () => null } });
      for (let i = 0; i < 3; i += 1) expect(await (await fetch(`http://api.example.test:${port}/`)).text()).toBe('ok');
      expect(connections).toBe(1);
      // The same address twice is another answer of the resolver: judged again, and not given the pooled connection.
      answer = ['127.0.0.1', '127.0.0.1'];
      expect(await (await fetch(`http://api.example.test:${port}/`)).text()).toBe('ok');
      expect(connections).toBe(2);
    } finally {
      counting.closeAllConnections();
      await new Promise((resolve) => counting.close(resolve));
    }
  });
});
