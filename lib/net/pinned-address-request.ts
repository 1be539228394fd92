import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { ResolveHost } from '../settings/settings-url-rules';

/** Why a pinned request did not get an answer. */
export type PinnedRequestFailure = 'refused' | 'does-not-resolve' | 'timeout' | 'network';

/** A pinned request that got no answer: refused before connecting, a name that does not resolve, the time limit, or the network. */
export class PinnedRequestError extends Error {
  override readonly name = 'PinnedRequestError';
  constructor(
    readonly kind: PinnedRequestFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface PinnedRequest {
  url: string | URL;
  method: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole try: resolving, connecting, sending and reading the answer. */
  timeoutMs: number;
  /** Asked once per request; its answer is what is checked and what is connected to. */
  resolveHost: ResolveHost;
  /**
   * Judges every address the host resolved to (an IP literal: that address) before any
   * connection is made: the reason they are refused, or null to go ahead.
   */
  checkAddresses(addresses: readonly string[]): string | null | Promise<string | null>;
  /** Answer bytes kept (default 64 KiB); reading stops there. */
  maxResponseBytes?: number;
}

export interface PinnedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The start of the answer, at most `maxResponseBytes`. */
  body: Buffer;
}

const defaultMaxResponseBytes = 64 * 1024;

function bareHost(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * The `lookup` of the connection: answers only the addresses that were checked, never asking
 * DNS again, so a name that answers differently the second time (DNS rebinding) cannot move the
 * connection elsewhere. Node's address selection (`all: true`) gets every checked address.
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

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function failureOf(error: unknown, signal: AbortSignal, timeoutMs: number): PinnedRequestError {
  if (error instanceof PinnedRequestError) return error;
  if (signal.aborted) return new PinnedRequestError('timeout', `no answer within ${timeoutMs} ms`, { cause: error });
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new PinnedRequestError('network', code && !message.includes(code) ? `${code}: ${message}` : message, { cause: error });
}

function send(url: URL, addresses: readonly string[], request: PinnedRequest, signal: AbortSignal): Promise<PinnedResponse> {
  const client = url.protocol === 'https:' ? https : http;
  const limit = request.maxResponseBytes ?? defaultMaxResponseBytes;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise<PinnedResponse>((resolve, reject) => {
    // `agent: false`: a fresh connection for each request, never one pooled under another check.
    // The URL keeps the name, so TLS sends it as SNI, checks the certificate for it, and Host names it.
    const outgoing = client.request(url, { method: request.method, headers, agent: false, lookup: checkedAddressesLookup(addresses), signal }, (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      response.on('data', (chunk: Buffer) => {
        if (kept >= limit) return;
        chunks.push(chunk.subarray(0, limit - kept));
        kept += Math.min(chunk.length, limit - kept);
        if (kept >= limit) {
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * An HTTP(S) request that resolves the host once, lets the caller judge every address, and
 * connects only to those addresses, the name kept for TLS (SNI, certificate) and `Host`. For
 * any outbound call to an address a person configured, where a private-address rule applies at
 * send time (docs/webhooks.md "Private addresses"). Redirects are not followed. Throws
 * `PinnedRequestError`; any HTTP status is an answer.
 *
 * @example
 * const answer = await pinnedAddressRequest({
 *   url: 'https://hooks.example.com/svc', method: 'POST', body: '{}', timeoutMs: 10_000,
 *   resolveHost: systemResolveHost,
 *   checkAddresses: (addresses) => (addresses.some(isPrivateAddress) ? 'private address' : null),
 * });
 */
export async function pinnedAddressRequest(request: PinnedRequest): Promise<PinnedResponse> {
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PinnedRequestError('refused', `scheme ${url.protocol} is not http or https`);
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const host = bareHost(url);
    let addresses: string[];
    if (isIP(host) !== 0) addresses = [host];
    else {
      try {
        addresses = await untilAborted(request.resolveHost(host), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new PinnedRequestError('does-not-resolve', `host ${host} does not resolve: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (addresses.length === 0) throw new PinnedRequestError('does-not-resolve', `host ${host} does not resolve`);
    }
    const refusal = await untilAborted(Promise.resolve(request.checkAddresses(addresses)), signal);
    if (refusal !== null) throw new PinnedRequestError('refused', refusal);
    return await send(url, addresses, request, signal);
  } catch (error) {
    throw failureOf(error, signal, request.timeoutMs);
  }
}
