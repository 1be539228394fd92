import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeClock } from '../../../../test/support/fake-hosts/fake-clock';
import { type FakeHttpServer, sendJson, startFakeHttpServer } from '../../../../test/support/fake-hosts/fake-http-server';
import { hostErrorStatus, HostNotFoundError, HostRateLimitedError, HostResponseError, HostUnreachableError } from './host-errors';
import { createHostHttp, type HostHttpOptions } from './host-http';
import { continuationTokenOf, nextLinkOf, pageNumberOf } from './host-paging';
import { quotaExhaustedUntil, readRateLimit } from './rate-limit-headers';
import { openOutboundFetch } from '../../../../test/support/outbound';

const now = Date.parse('2026-03-01T10:00:00Z');

describe('readRateLimit', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('reads Retry-After in seconds and as an HTTP date, before any reset header', () => {
    expect(readRateLimit(429, headers({ 'retry-after': '7', 'x-ratelimit-reset': String(now / 1000 + 100) }), '', now)).toEqual({ limited: true, retryAtMs: now + 7000 });
    expect(readRateLimit(429, headers({ 'retry-after': 'Sun, 01 Mar 2026 10:01:00 GMT' }), '', now)).toEqual({ limited: true, retryAtMs: now + 60_000 });
  });

  it('reads GitHub X-RateLimit-Reset and GitLab RateLimit-Reset (epoch seconds, or seconds from now when small)', () => {
    expect(readRateLimit(403, headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 30) }), '{}', now)).toEqual({ limited: true, retryAtMs: now + 30_000 });
    expect(readRateLimit(429, headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': String(now / 1000 + 45) }), '', now)).toEqual({ limited: true, retryAtMs: now + 45_000 });
    expect(readRateLimit(429, headers({ 'ratelimit-reset': '12' }), '', now)).toEqual({ limited: true, retryAtMs: now + 12_000 });
  });

  it('tells a GitHub secondary limit (403 saying "rate limit") from a plain 403', () => {
    expect(readRateLimit(403, headers({}), '{"message":"You have exceeded a secondary rate limit."}', now)).toEqual({ limited: true, retryAtMs: null });
    expect(readRateLimit(403, headers({ 'x-ratelimit-remaining': '12' }), '{"message":"Resource not accessible by integration"}', now)).toEqual({ limited: false });
    expect(readRateLimit(401, headers({ 'retry-after': '5' }), '', now)).toEqual({ limited: false });
  });

  it('after a success, says until when the quota is used up', () => {
    expect(quotaExhaustedUntil(headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 5) }), now)).toBe(now + 5000);
    expect(quotaExhaustedUntil(headers({ 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': String(now / 1000 + 5) }), now)).toBeNull();
    expect(quotaExhaustedUntil(headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 - 5) }), now)).toBeNull();
  });
});

describe('paging headers', () => {
  it('finds rel="next" among several links and reads its page', () => {
    const link = '<https://api.github.com/user/repos?page=1&per_page=100>; rel="prev", <https://api.github.com/user/repos?page=3&per_page=100>; rel="next", <https://api.github.com/user/repos?page=9>; rel="last"';
    expect(nextLinkOf(link)).toBe('https://api.github.com/user/repos?page=3&per_page=100');
    expect(pageNumberOf(nextLinkOf(link)!)).toBe(3);
    expect(nextLinkOf('<https://x/a?page=2>; rel="first"')).toBeNull();
    expect(nextLinkOf(null)).toBeNull();
    expect(pageNumberOf('https://x/a?page=abc')).toBeNull();
    expect(continuationTokenOf(new Headers({ 'x-ms-continuationtoken': ' abc ' }))).toBe('abc');
    expect(continuationTokenOf(new Headers())).toBeNull();
  });
});

describe('createHostHttp', () => {
  let server: FakeHttpServer;
  beforeAll(async () => {
    server = await startFakeHttpServer((request, response) => {
      if (request.segments[0] === 'loop') {
        response.writeHead(302, { location: `/loop/${Number(request.segments[1] ?? 0) + 1}` });
        return response.end();
      }
      if (request.segments[0] === 'ftp') {
        response.writeHead(302, { location: 'ftp://files.example/a' });
        return response.end();
      }
      if (request.segments[0] === 'see-other') {
        response.writeHead(303, { location: '/echo' });
        return response.end();
      }
      if (request.segments[0] === 'echo') return sendJson(response, 200, { method: request.method, body: request.body });
      if (request.segments[0] === 'stall') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.write('first bytes');
        return; // never ends
      }
      sendJson(response, 404, { message: 'nothing here' });
    });
  });
  afterAll(() => server.close());

  const http = (overrides: Partial<HostHttpOptions> = {}) =>
    createHostHttp({ fetch: openOutboundFetch, host: 'github', apiBaseUrl: `${server.origin}/`, credentialHeaders: { authorization: 'Bearer t' }, ...overrides });
  const anything = z.unknown();

  it('stops after five redirects, and refuses a redirect to a scheme other than http(s)', async () => {
    await expect(http().json(http().url('loop/0'), anything)).rejects.toThrow(/more than 5 times/);
    await expect(http().json(http().url('ftp'), anything)).rejects.toThrow(/not http or https/);
  });

  it('turns a POST into a GET on 303, as browsers do', async () => {
    const { data } = await http().json(http().url('see-other'), z.object({ method: z.string(), body: z.string() }), { method: 'POST', body: '{"a":1}' });
    expect(data).toEqual({ method: 'GET', body: '' });
  });

  it('cuts a download that stops sending, with HostUnreachableError', async () => {
    const { body } = await http({ idleTimeoutMs: 150 }).stream(http().url('stall'));
    const chunks: Buffer[] = [];
    const error = await (async () => {
      for await (const chunk of body) chunks.push(Buffer.from(chunk));
    })().catch((caught) => caught);
    expect(Buffer.concat(chunks).toString()).toBe('first bytes');
    expect(error).toBeInstanceOf(HostUnreachableError);
    expect(error.message).toMatch(/stopped sending/);
  });

  it('answers a Retry-After in the past by trying again at once', async () => {
    const clock = fakeClock(now);
    server.intercept((_, response) => sendJson(response, 429, {}, { 'retry-after': 'Sun, 01 Mar 2026 09:00:00 GMT' }));
    const { data } = await http(clock).json(http().url('echo'), z.object({ method: z.string() }));
    expect(data.method).toBe('GET');
    expect(clock.sleeps).toEqual([0]);
  });

  it('maps each failure to the status our service answers', async () => {
    const notFound = await http().json(http().url('missing'), anything).catch((caught) => caught);
    expect(notFound).toBeInstanceOf(HostNotFoundError);
    expect(notFound.message).toBe('github found nothing at GET /missing (404): nothing here');
    expect(hostErrorStatus(notFound)).toBe(404);
    expect(hostErrorStatus(new HostResponseError('gitlab', 500, 'x'))).toBe(502);
    expect(hostErrorStatus(new HostUnreachableError('gitlab', 'x'))).toBe(502);
    expect(hostErrorStatus(new HostRateLimitedError('gitlab', 429, 'x', new Date(now + 1500), now))).toBe(429);
    expect(new HostRateLimitedError('gitlab', 429, 'x', new Date(now + 1500), now).retryAfterSeconds).toBe(2);
  });
});
