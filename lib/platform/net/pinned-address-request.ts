import type { IncomingHttpHeaders } from 'node:http';
import { createOutboundFetch, OutboundLimitError, OutboundRefusedError } from './outbound-fetch';
import { readBodyStart } from './read-body-start';
import type { ResolveHost } from './resolve-host';

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

function failureOf(error: unknown, timeoutMs: number): PinnedRequestError {
  if (error instanceof PinnedRequestError) return error;
  if (error instanceof OutboundRefusedError) {
    const kind = error.refusal === 'does-not-resolve' ? 'does-not-resolve' : 'refused';
    return new PinnedRequestError(kind, error.judged ?? error.message, { cause: error });
  }
  if (error instanceof OutboundLimitError || (error instanceof Error && error.name === 'TimeoutError')) return new PinnedRequestError('timeout', `no answer within ${timeoutMs} ms`, { cause: error });
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return new PinnedRequestError('network', code && !message.includes(code) ? `${code}: ${message}` : message, { cause: error });
}

/**
 * One request through the outbound client (lib/platform/net/outbound-fetch.ts) whose answer is read into
 * memory: the host resolved once, every address judged by the caller, the connection made only
 * to those addresses, the name kept for TLS (SNI, certificate) and `Host`. Redirects are not
 * followed (a 3xx is the answer). Throws `PinnedRequestError`; any HTTP status is an answer.
 *
 * @example
 * const answer = await pinnedAddressRequest({
 *   url: 'https://hooks.example.com/svc', method: 'POST', body: '{}', timeoutMs: 10_000,
 *   resolveHost: systemResolveHost,
 *   checkAddresses: (addresses) => (addresses.some(isPrivateAddress) ? 'private address' : null),
 * });
 */
export async function pinnedAddressRequest(request: PinnedRequest): Promise<PinnedResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const fetch = createOutboundFetch({
    guard: {
      resolveHost: request.resolveHost,
      judge: (_url, addresses) => request.checkAddresses(addresses),
    },
  });
  try {
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body), redirect: 'manual', signal });
    const headers: IncomingHttpHeaders = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: await readBodyStart(response, request.maxResponseBytes ?? defaultMaxResponseBytes) };
  } catch (error) {
    if (signal.aborted && !(error instanceof PinnedRequestError)) throw new PinnedRequestError('timeout', `no answer within ${request.timeoutMs} ms`, { cause: error });
    throw failureOf(error, request.timeoutMs);
  }
}
