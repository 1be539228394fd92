import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { type ResolveHost, systemResolveHost } from './resolve-host';

/**
 * The one way svc calls an address a workspace or the instance names (docs/security.md
 * "Outbound requests"): git hosts, New Relic, price catalogs, AI providers (their SDKs take this
 * `fetch`), webhooks. Per hop it resolves the host once, lets the guard judge every address,
 * and connects only to those addresses (no second lookup a rebinding name could move); it
 * never follows a redirect to another origin; it keeps to its time and size limits.
 */

/** Why a request was not sent. */
export type OutboundRefusal = 'address' | 'does-not-resolve' | 'scheme' | 'other-origin' | 'redirects';

/** A request the outbound rules stopped before anything was sent to the address it names. */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
  constructor(
    readonly refusal: OutboundRefusal,
    message: string,
    options?: { cause?: unknown; judged?: string },
  ) {
    super(message, options);
    this.judged = options?.judged ?? null;
  }
  /** The guard's own reason, for a refused address. */
  readonly judged: string | null;
}

/** An answer that broke a limit of the client: no headers in time, or a body over the byte limit. */
export class OutboundLimitError extends Error {
  override readonly name = 'OutboundLimitError';
  constructor(
    readonly limit: 'time' | 'bytes',
    message: string,
  ) {
    super(message);
  }
}

/** What decides where a request may go; built from the instance policy (lib/features/settings/outbound-guard.ts). */
export interface OutboundGuard {
  resolveHost: ResolveHost;
  /** Judges every address the URL's host resolved to (an IP literal: that address): the reason they are refused, or null. */
  judge(url: URL, addresses: readonly string[]): string | null | Promise<string | null>;
}

/**
 * The guard of addresses the operator set in the service's environment (external sign-in
 * providers): trusted as the operator's choice, private ones included, yet still resolved once,
 * pinned and kept to their origin like every other request.
 */
export const operatorConfiguredGuard: OutboundGuard = Object.freeze({ resolveHost: systemResolveHost, judge: () => null });

export interface OutboundFetchOptions {
  guard: OutboundGuard;
  /**
   * The only origin this client calls (an AI provider, a price catalog): a request elsewhere is
   * refused, so a credential bound to the origin cannot leave it. Unset: any origin the guard allows.
   */
  onlyOrigin?: string;
  /** Same-origin redirects followed by `redirect: 'follow'`, each checked like the first hop. */
  maxRedirects?: number;
  /** From sending until the answer's headers; the caller's signal governs the rest. */
  timeoutMs?: number;
  /** Bytes of one answer's body (after decoding); reading more fails with OutboundLimitError. */
  maxResponseBytes?: number;
}

/** `fetch` as the SDKs and our clients call it. */
export type OutboundFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);
const defaultMaxRedirects = 5;

function bareHost(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * The `lookup` of the connection: answers only the addresses that were checked, never asking
 * DNS again. Node's address selection (`all: true`) gets every checked address.
 */
function checkedAddressesLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? entries.filter((entry) => entry.family === options.family) : entries;
    const first = wanted[0];
    if (first === undefined) {
      callback(Object.assign(new Error(`no checked address of IPv${String(options.family)}`), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) callback(null, wanted);
    else callback(null, first.address, first.family);
  };
}

/** The addresses a request to `url` may connect to, or the refusal. */
async function checkedAddresses(url: URL, guard: OutboundGuard): Promise<string[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError('scheme', `${url.protocol} is not http or https`);
  const host = bareHost(url);
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await guard.resolveHost(host);
    } catch (error) {
      throw new OutboundRefusedError('does-not-resolve', `host ${host} does not resolve`, { cause: error });
    }
    if (addresses.length === 0) throw new OutboundRefusedError('does-not-resolve', `host ${host} does not resolve`);
  }
  const refusal = await guard.judge(url, addresses);
  if (refusal !== null) throw new OutboundRefusedError('address', `${url.origin} is refused: it ${refusal}`, { judged: refusal });
  return addresses;
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** The answer's body as fetch gives it: decoded, and cut with an error past the byte limit. */
function bodyStream(message: IncomingMessage, maxBytes: number | undefined): Readable {
  let stream: Readable = message;
  const encoding = (message.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null;
  if (decoder) stream = message.pipe(decoder).on('error', () => message.destroy());
  if (maxBytes === undefined) return stream;
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) {
        message.destroy();
        callback(new OutboundLimitError('bytes', `the answer is larger than ${maxBytes} bytes`));
      } else callback(null, chunk);
    },
  });
  stream.on('error', (error) => counter.destroy(error));
  return stream.pipe(counter);
}

function responseOf(message: IncomingMessage, hop: Hop, maxBytes: number | undefined): Response {
  const status = message.statusCode ?? 0;
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    // fetch gives the decoded body: its encoding and length no longer describe it.
    if ((name === 'content-encoding' || name === 'content-length') && message.headers['content-encoding'] !== undefined) continue;
    try {
      headers.append(name, raw[i + 1]!);
    } catch {
      // A header fetch could not hold either: left out.
    }
  }
  const noBody = hop.method === 'HEAD' || nullBodyStatuses.has(status);
  if (noBody) message.resume();
  const body = noBody ? null : (Readable.toWeb(bodyStream(message, maxBytes)) as ReadableStream<Uint8Array>);
  if (status < 200 || status > 599) {
    message.destroy();
    throw new TypeError('fetch failed', { cause: new Error(`answered with status ${status}`) });
  }
  const response = new Response(body, { status, statusText: message.statusMessage ?? '', headers });
  Object.defineProperty(response, 'url', { value: hop.url.href });
  return response;
}

/** An idle kept-alive connection is closed after this long. */
const idleConnectionMs = 15_000;

/**
 * Kept-alive connections of one client, pooled by origin and the exact set of addresses judged:
 * a connection made to addresses judged once is reused only by a request whose host resolved to
 * the same addresses and was judged again, never by one judged otherwise. A scan that reads a
 * host file by file does not pay a TLS handshake per file.
 */
function connectionPools(): (url: URL, addresses: readonly string[]) => http.Agent {
  const agents = new Map<string, http.Agent>();
  return (url, addresses) => {
    const key = `${url.protocol}//${url.host} ${[...addresses].sort().join(' ')}`;
    let agent = agents.get(key);
    if (!agent) {
      const settings = { keepAlive: true, timeout: idleConnectionMs, lookup: checkedAddressesLookup(addresses) };
      agent = url.protocol === 'https:' ? new https.Agent(settings) : new http.Agent(settings);
      agents.set(key, agent);
    }
    return agent;
  };
}

/** Sends one hop to the checked addresses; the answer once its headers arrive. */
function sendHop(hop: Hop, agent: http.Agent, signal: AbortSignal, options: OutboundFetchOptions): Promise<Response> {
  const client = hop.url.protocol === 'https:' ? https : http;
  const headers = { ...hop.headers };
  if (hop.body !== undefined) headers['content-length'] = String(hop.body.length);
  return new Promise<Response>((resolve, reject) => {
    // The agent's connections reach only the judged addresses. The URL keeps the name, so TLS
    // sends it as SNI, checks the certificate for it, and Host names it.
    const outgoing = client.request(hop.url, { method: hop.method, headers, agent, signal }, (message) => {
      try {
        resolve(responseOf(message, hop, options.maxResponseBytes));
      } catch (error) {
        reject(error);
      }
    });
    outgoing.on('error', reject);
    outgoing.end(hop.body);
  });
}

function plainHeaders(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
}

/** The hop a redirect asks for, the method and body changed as fetch changes them. */
function redirected(hop: Hop, status: number, location: URL): Hop {
  const toGet = status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && hop.method === 'POST';
  if (!toGet) return { ...hop, url: location };
  const headers = { ...hop.headers };
  for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) delete headers[name];
  return { url: location, method: 'GET', headers, body: undefined };
}

/**
 * A `fetch` under the outbound rules. `redirect: 'follow'` (the default) follows redirects within
 * the origin, at most `maxRedirects`, each hop resolved and judged again, and refuses one to
 * another origin before sending anything there; `'manual'` answers the redirect itself (the caller
 * then decides, calling again through this client); `'error'` refuses it. Refusals throw
 * OutboundRefusedError; a network failure throws TypeError('fetch failed') as fetch does.
 *
 * @example
 * const fetch = createOutboundFetch({ guard, onlyOrigin: 'https://api.anthropic.com' });
 * const client = new Anthropic({ apiKey, fetch });
 */
export function createOutboundFetch(options: OutboundFetchOptions): OutboundFetch {
  const maxRedirects = options.maxRedirects ?? defaultMaxRedirects;
  const agentFor = connectionPools();
  return async (input, init) => {
    const request = new Request(input, init);
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    callerSignal?.throwIfAborted();
    const body = request.method === 'GET' || request.method === 'HEAD' || request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    let hop: Hop = { url: new URL(request.url), method: request.method, headers: plainHeaders(request.headers), body };
    const firstOrigin = hop.url.origin;
    for (let redirects = 0; ; redirects += 1) {
      if (options.onlyOrigin !== undefined && hop.url.origin !== options.onlyOrigin) {
        throw new OutboundRefusedError('other-origin', `${hop.url.origin} is not ${options.onlyOrigin}, the only origin this client calls`);
      }
      const controller = new AbortController();
      const onCallerAbort = () => controller.abort(callerSignal?.reason);
      callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
      const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(new OutboundLimitError('time', `no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
      let response: Response;
      try {
        const addresses = await checkedAddresses(hop.url, options.guard);
        controller.signal.throwIfAborted();
        response = await sendHop(hop, agentFor(hop.url, addresses), controller.signal, options);
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason;
        if (error instanceof OutboundRefusedError || error instanceof OutboundLimitError || error instanceof TypeError) throw error;
        throw new TypeError('fetch failed', { cause: error });
      } finally {
        clearTimeout(timer);
      }
      const location = response.headers.get('location');
      const mode = init?.redirect ?? 'follow';
      if (!redirectStatuses.has(response.status) || location === null || mode === 'manual') {
        if (redirects > 0) Object.defineProperty(response, 'redirected', { value: true });
        return response;
      }
      await response.body?.cancel().catch(() => undefined);
      if (mode === 'error') throw new OutboundRefusedError('redirects', `${hop.url.origin} answered a redirect, which this request does not follow`);
      const next = URL.canParse(location, hop.url) ? new URL(location, hop.url) : null;
      if (next === null) throw new TypeError('fetch failed', { cause: new Error('the redirect names no valid address') });
      if (next.origin !== firstOrigin) throw new OutboundRefusedError('other-origin', `${hop.url.origin} redirected to another origin, which is never followed`);
      if (redirects >= maxRedirects) throw new OutboundRefusedError('redirects', `${firstOrigin} redirected more than ${maxRedirects} times`);
      hop = redirected(hop, response.status, next);
    }
  };
}
