import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address';
import { PinnedRequestError, pinnedAddressRequest } from './pinned-address-request';

/** A resolver that gives its answers in turn (the last one again when they run out) and counts the questions. */
function changingResolver(...answers: string[][]) {
  const asked: string[] = [];
  return {
    asked,
    resolveHost: async (host: string) => {
      asked.push(host);
      return answers[Math.min(asked.length, answers.length) - 1]!;
    },
  };
}

const refusePrivate = (addresses: readonly string[]) => (addresses.some(isPrivateAddress) ? 'resolves to a private address' : null);

async function failureOf(work: Promise<unknown>): Promise<PinnedRequestError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PinnedRequestError);
  return error as PinnedRequestError;
}

describe('pinnedAddressRequest', () => {
  let server: Server;
  let port: number;
  const seen: { host: string | undefined; body: string; socketAddress: string | undefined }[] = [];
  let silent: Server;
  let silentPort: number;

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ host: request.headers.host, body, socketAddress: request.socket.localAddress });
        response.writeHead(202, { 'content-type': 'text/plain' }).end('taken');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // Takes the connection and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    silent.closeAllConnections();
    await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => silent.close(r))]);
  });

  it('connects to the address it checked, asking the resolver once, even when a second lookup would answer elsewhere; Host keeps the name', async () => {
    const resolver = changingResolver(['127.0.0.1'], ['10.255.255.1']);
    const checked: string[][] = [];
    seen.length = 0;
    const answer = await pinnedAddressRequest({
      url: `http://hooks.example.test:${port}/in`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
      timeoutMs: 2000,
      resolveHost: resolver.resolveHost,
      checkAddresses: (addresses) => {
        checked.push([...addresses]);
        return null;
      },
    });
    expect(answer.status).toBe(202);
    expect(answer.body.toString()).toBe('taken');
    expect(resolver.asked).toEqual(['hooks.example.test']);
    expect(checked).toEqual([['127.0.0.1']]);
    expect(seen).toEqual([{ host: `hooks.example.test:${port}`, body: '{"n":1}', socketAddress: '127.0.0.1' }]);
  });

  it('a name that answers public first and loopback the second time never reaches the loopback server', async () => {
    const resolver = changingResolver(['93.184.216.34'], ['127.0.0.1']);
    seen.length = 0;
    const failure = await failureOf(
      pinnedAddressRequest({ url: `http://rebind.example.test:${port}/in`, method: 'POST', body: '{}', timeoutMs: 300, resolveHost: resolver.resolveHost, checkAddresses: refusePrivate }),
    );
    expect(['timeout', 'network']).toContain(failure.kind);
    expect(resolver.asked).toEqual(['rebind.example.test']);
    expect(seen).toEqual([]);
  });

  it('refuses before connecting when any address the name resolves to is refused', async () => {
    const resolver = changingResolver(['203.0.113.7', '127.0.0.1']);
    seen.length = 0;
    const failure = await failureOf(pinnedAddressRequest({ url: `http://mixed.example.test:${port}/`, method: 'POST', body: '{}', timeoutMs: 2000, resolveHost: resolver.resolveHost, checkAddresses: refusePrivate }));
    expect(failure).toMatchObject({ kind: 'refused', message: 'resolves to a private address' });
    expect(seen).toEqual([]);
  });

  it('judges an IP literal as its own address, without a resolver', async () => {
    const resolver = changingResolver(['203.0.113.7']);
    const failure = await failureOf(pinnedAddressRequest({ url: `http://127.0.0.1:${port}/`, method: 'GET', timeoutMs: 2000, resolveHost: resolver.resolveHost, checkAddresses: refusePrivate }));
    expect(failure.kind).toBe('refused');
    expect(resolver.asked).toEqual([]);
  });

  it('stops at the time limit when the server takes the request and never answers', async () => {
    const started = Date.now();
    const failure = await failureOf(pinnedAddressRequest({ url: `http://127.0.0.1:${silentPort}/`, method: 'POST', body: '{}', timeoutMs: 200, resolveHost: changingResolver([]).resolveHost, checkAddresses: () => null }));
    expect(failure).toMatchObject({ kind: 'timeout', message: 'no answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a name that does not resolve is told apart from a refusal', async () => {
    const failure = await failureOf(
      pinnedAddressRequest({
        url: 'http://gone.example.test/',
        method: 'GET',
        timeoutMs: 2000,
        resolveHost: async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND gone.example.test'), { code: 'ENOTFOUND' });
        },
        checkAddresses: () => null,
      }),
    );
    expect(failure.kind).toBe('does-not-resolve');
    expect((await failureOf(pinnedAddressRequest({ url: 'http://empty.example.test/', method: 'GET', timeoutMs: 2000, resolveHost: async () => [], checkAddresses: () => null }))).kind).toBe('does-not-resolve');
  });

  it('over https sends the name as SNI while connecting to the checked address', async () => {
    let serverName: string | undefined;
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        serverName = name;
        callback(new Error('no certificate here'));
      },
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const tlsPort = (tls.address() as AddressInfo).port;
      const failure = await failureOf(pinnedAddressRequest({ url: `https://secure.example.test:${tlsPort}/`, method: 'POST', body: '{}', timeoutMs: 2000, resolveHost: changingResolver(['127.0.0.1']).resolveHost, checkAddresses: () => null }));
      expect(failure.kind).toBe('network');
      expect(serverName).toBe('secure.example.test');
    } finally {
      await new Promise((r) => tls.close(r));
    }
  });
});
