import type { z } from 'zod';
import {
  type ExternalHostKind,
  HostAuthError,
  HostError,
  HostNotFoundError,
  HostRateLimitedError,
  HostResponseError,
  HostUnreachableError,
} from './host-errors';
import { OutboundRefusedError, type OutboundFetch } from '../../../platform/net/outbound-fetch';
import { readBodyStart } from '../../../platform/net/read-body-start';
import { quotaExhaustedUntil, readRateLimit } from './rate-limit-headers';

/**
 * The one HTTP path of every host client, over the outbound client (lib/platform/net): timeouts,
 * redirects kept to the API origin (an archive download may move to a download host, without
 * the credential), JSON with clear errors, bounded waits on rate limits, and typed errors
 * (host-errors.ts). Clients build URLs and read shapes; they never call fetch themselves.
 */

export interface HostHttpOptions {
  host: ExternalHostKind;
  /** The API address; its origin is the only one the credential is sent to (part 2 "Credentials"). */
  apiBaseUrl: string;
  /** Headers carrying the credential (`Authorization`, `PRIVATE-TOKEN`, `API-Key`). */
  credentialHeaders: Record<string, string>;
  /** Headers sent on every request, to any origin (Accept, API version, User-Agent). */
  headers?: Record<string, string>;
  /** The outbound client under the instance policy (lib/features/settings/outbound-guard.ts). */
  fetch: OutboundFetch;
  /** Milliseconds since the epoch; injected by tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Until the answer's headers, and for JSON until its body is read. */
  timeoutMs?: number;
  /** A download that sends no byte for this long is cut. */
  idleTimeoutMs?: number;
  /** Tries of one call when rate-limited, the first included. */
  maxAttempts?: number;
  /** Total waiting allowed for one call; a longer wait throws HostRateLimitedError at once. */
  maxTotalWaitMs?: number;
}

export const hostHttpDefaults = Object.freeze({
  timeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  maxAttempts: 3,
  maxTotalWaitMs: 60_000,
  /** GitHub's advice for a secondary limit without Retry-After: wait at least one minute. */
  unnamedRateLimitWaitMs: 60_000,
  maxRedirects: 5,
  /** Error bodies are read only this far, for the message and the rate-limit check. */
  maxErrorBodyBytes: 65_536,
});

export interface HostRequestInit {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Statuses besides 404 and 410 that mean "does not exist" for this call (GitHub's 422 for an unknown ref). */
  notFoundStatuses?: readonly number[];
  /**
   * An archive download: a redirect to another origin is followed, without the credential
   * (GitHub answers a tarball with a signed address on codeload.github.com). Every other call
   * refuses a redirect off the API origin.
   */
  followsOtherOrigins?: boolean;
}

export interface HostJsonResponse<T> {
  data: T;
  headers: Headers;
  /** The address that answered, after redirects. */
  url: URL;
}

export interface HostStreamResponse {
  body: AsyncIterable<Uint8Array>;
  headers: Headers;
  url: URL;
}

type QueryValue = string | number | boolean | null | undefined;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export interface HostHttp {
  readonly host: ExternalHostKind;
  readonly apiOrigin: string;
  /** An address under the API base; `path` segments must be encoded by the caller. */
  url(path: string, query?: Record<string, QueryValue>): URL;
  /** Sends a request and reads a JSON answer of the given shape. */
  json<T>(target: URL, schema: z.ZodType<T>, init?: HostRequestInit): Promise<HostJsonResponse<T>>;
  /** Sends a request and streams the answer's body (an archive download). */
  stream(target: URL, init?: HostRequestInit): Promise<HostStreamResponse>;
  /** Sends a request and reads the body as bytes, refusing one longer than `maxBytes`. */
  bytes(target: URL, maxBytes: number, init?: HostRequestInit): Promise<Buffer>;
}

function describe(method: string, url: URL): string {
  return `${method} ${url.pathname}`;
}

/** The host's own words from an error body, shortened and without control characters. */
function hostMessage(text: string): string {
  let message = '';
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error as Record<string, unknown> | string | undefined;
    const errors = body.errors as { message?: unknown }[] | undefined;
    const candidates = [body.message, typeof error === 'object' ? error?.message : error, Array.isArray(errors) ? errors[0]?.message : undefined, body.error_description];
    message = String(candidates.find((value) => typeof value === 'string' && value !== '') ?? '');
  } catch {
    message = text.startsWith('<') ? '' : text;
  }
  message = message.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

/** Creates the HTTP path for one host and one credential. */
export function createHostHttp(options: HostHttpOptions): HostHttp {
  const settings: Record<keyof typeof hostHttpDefaults, number> = { ...hostHttpDefaults, ...definedOnly(options) };
  const fetchImpl = options.fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const base = new URL(options.apiBaseUrl);
  const apiOrigin = base.origin;
  const basePath = base.pathname.replace(/\/+$/, '');
  const host = options.host;
  let quotaBlockedUntil = 0;

  const url = (path: string, query: Record<string, QueryValue> = {}): URL => {
    const suffix = path.replace(/^\/+/, '');
    const target = new URL(suffix === '' ? `${apiOrigin}${basePath || '/'}` : `${apiOrigin}${basePath}/${suffix}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) target.searchParams.set(key, String(value));
    return target;
  };

  /** One request with its redirects; the credential goes only to the API origin and is dropped for good once a redirect leaves it. */
  async function fetchFollowingRedirects(target: URL, init: HostRequestInit, signal: AbortSignal): Promise<{ response: Response; url: URL; method: string }> {
    let current = target;
    let method: string = init.method ?? 'GET';
    let body = init.body;
    let credentialAllowed = true;
    for (let hop = 0; hop <= settings.maxRedirects; hop += 1) {
      if (current.protocol !== 'https:' && current.protocol !== 'http:') {
        throw new HostResponseError(host, null, `${host} redirected ${describe(method, target)} to an address that is not http or https.`);
      }
      if (current.origin !== apiOrigin) {
        if (!init.followsOtherOrigins) throw new HostResponseError(host, null, `${host} redirected ${describe(method, target)} to another origin, which is not followed.`);
        credentialAllowed = false;
      }
      const headers: Record<string, string> = { 'user-agent': 'svc', ...options.headers, ...init.headers, ...(credentialAllowed ? options.credentialHeaders : {}) };
      let response: Response;
      try {
        response = await fetchImpl(current, { method, headers, body, redirect: 'manual', signal });
      } catch (error) {
        throw unreachable(method, current, error, signal);
      }
      const location = response.headers.get('location');
      if (!redirectStatuses.has(response.status) || location === null) return { response, url: current, method };
      await response.body?.cancel().catch(() => undefined);
      current = new URL(location, current);
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
    throw new HostResponseError(host, null, `${host} redirected ${describe(method, target)} more than ${settings.maxRedirects} times.`);
  }

  function unreachable(method: string, target: URL, error: unknown, signal: AbortSignal): HostError {
    if (error instanceof HostError) return error;
    if (error instanceof OutboundRefusedError) return new HostUnreachableError(host, `${host} was not called for ${describe(method, target)}: ${error.message}.`, { cause: error });
    if (signal.aborted) return new HostUnreachableError(host, `${host} did not answer ${describe(method, target)} within ${Math.round(settings.timeoutMs / 1000)} s.`, { cause: error });
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return new HostUnreachableError(host, `${host} could not be reached for ${describe(method, target)}: ${reason}`, { cause: error });
  }

  /** Waits (within the call's budget) for a quota a previous answer said was used up. */
  async function respectExhaustedQuota(method: string, target: URL, waited: { ms: number }): Promise<void> {
    const wait = quotaBlockedUntil - now();
    if (wait <= 0) return;
    if (waited.ms + wait > settings.maxTotalWaitMs) {
      throw new HostRateLimitedError(host, null, `${host} rate limit is used up; ${describe(method, target)} was not sent.`, new Date(quotaBlockedUntil), now());
    }
    await sleep(wait);
    waited.ms += wait;
  }

  /** Sends until a non-rate-limited answer; returns a 2xx answer with its timer still running, or throws the typed error. */
  async function send(target: URL, init: HostRequestInit): Promise<{ response: Response; url: URL; method: string; controller: AbortController; timer: NodeJS.Timeout }> {
    const waited = { ms: 0 };
    for (let attempt = 1; ; attempt += 1) {
      await respectExhaustedQuota(init.method ?? 'GET', target, waited);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
      let answer: { response: Response; url: URL; method: string };
      try {
        answer = await fetchFollowingRedirects(target, init, controller.signal);
      } catch (error) {
        clearTimeout(timer);
        throw error;
      }
      const { response, method } = answer;
      if (response.ok) {
        if (answer.url.origin === apiOrigin) {
          const until = quotaExhaustedUntil(response.headers, now());
          if (until !== null) quotaBlockedUntil = until;
        }
        return { ...answer, controller, timer };
      }
      const text = (await readBodyStart(response, settings.maxErrorBodyBytes)).toString('utf8');
      clearTimeout(timer);
      const verdict = readRateLimit(response.status, response.headers, text, now());
      if (verdict.limited) {
        const retryAtMs = verdict.retryAtMs ?? now() + settings.unnamedRateLimitWaitMs;
        const wait = Math.max(0, retryAtMs - now());
        if (attempt < settings.maxAttempts && waited.ms + wait <= settings.maxTotalWaitMs) {
          await sleep(wait);
          waited.ms += wait;
          continue;
        }
        throw new HostRateLimitedError(host, response.status, `${host} is rate-limiting ${describe(method, target)}; retry after ${new Date(retryAtMs).toISOString()}.`, new Date(retryAtMs), now());
      }
      throw statusError(response.status, method, answer.url, text, init);
    }
  }

  function statusError(status: number, method: string, target: URL, text: string, init: HostRequestInit): HostError {
    const said = hostMessage(text);
    const suffix = said ? `: ${said}` : '.';
    if (status === 401 || status === 403) return new HostAuthError(host, status, `${host} refused the credential for ${describe(method, target)} (${status})${suffix}`);
    if (status === 404 || status === 410 || init.notFoundStatuses?.includes(status)) return new HostNotFoundError(host, status, `${host} found nothing at ${describe(method, target)} (${status})${suffix}`);
    return new HostResponseError(host, status, `${host} answered ${describe(method, target)} with ${status}${suffix}`);
  }

  async function json<T>(target: URL, schema: z.ZodType<T>, init: HostRequestInit = {}): Promise<HostJsonResponse<T>> {
    const accept = init.headers?.accept ?? options.headers?.accept ?? 'application/json';
    const answer = await send(target, { ...init, headers: { ...init.headers, accept } });
    const where = describe(answer.method, answer.url);
    let text: string;
    try {
      text = await answer.response.text();
    } catch (error) {
      throw unreachable(answer.method, answer.url, error, answer.controller.signal);
    } finally {
      clearTimeout(answer.timer);
    }
    // Azure DevOps answers a refused token with 203 and a sign-in page.
    if (answer.response.status === 203 && !/json/i.test(answer.response.headers.get('content-type') ?? '')) {
      throw new HostAuthError(host, 203, `${host} answered ${where} with a sign-in page (203): the credential was not accepted.`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new HostResponseError(host, answer.response.status, `${host} answered ${where} with a body that is not JSON.`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : '(body)';
      throw new HostResponseError(host, answer.response.status, `${host} answered ${where} with JSON of an unexpected shape: ${field}: ${issue?.message ?? 'invalid'}.`);
    }
    return { data: parsed.data, headers: answer.response.headers, url: answer.url };
  }

  async function stream(target: URL, init: HostRequestInit = {}): Promise<HostStreamResponse> {
    const answer = await send(target, init);
    clearTimeout(answer.timer);
    const body = answer.response.body;
    if (!body) throw new HostResponseError(host, answer.response.status, `${host} answered ${describe(answer.method, answer.url)} without a body.`);
    return { body: guardIdle(body, answer.controller, describe(answer.method, answer.url)), headers: answer.response.headers, url: answer.url };
  }

  /** The body's chunks, cut with HostUnreachableError when none arrives for the idle timeout. */
  async function* guardIdle(body: ReadableStream<Uint8Array>, controller: AbortController, where: string): AsyncGenerator<Uint8Array> {
    const reader = body.getReader();
    try {
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const idle = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new HostUnreachableError(host, `${host} stopped sending ${where} for ${Math.round(settings.idleTimeoutMs / 1000)} s.`)), settings.idleTimeoutMs);
        });
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await Promise.race([reader.read(), idle]);
        } catch (error) {
          if (error instanceof HostError) throw error;
          throw new HostUnreachableError(host, `${host} cut ${where} short: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        } finally {
          clearTimeout(timer);
        }
        if (result.done) return;
        yield result.value;
      }
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  }

  async function bytes(target: URL, maxBytes: number, init: HostRequestInit = {}): Promise<Buffer> {
    const answer = await stream(target, init);
    const chunks: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of answer.body) {
      length += chunk.length;
      if (length > maxBytes) throw new HostResponseError(host, null, `${host} sent more than ${maxBytes} bytes for ${describe(init.method ?? 'GET', answer.url)}.`);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, length);
  }

  return { host, apiOrigin, url, json, stream, bytes };
}

function definedOnly(options: HostHttpOptions): Partial<Record<keyof typeof hostHttpDefaults, number>> {
  const picked: Partial<Record<keyof typeof hostHttpDefaults, number>> = {};
  for (const key of ['timeoutMs', 'idleTimeoutMs', 'maxAttempts', 'maxTotalWaitMs'] as const) {
    const value = options[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}
