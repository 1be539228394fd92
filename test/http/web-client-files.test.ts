import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, type RawAnswer } from '../support/http-client';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The web client as the built server serves it (docs/web-client.md): paths,
 * caching, compression, the Content-Security-Policy, deep links, the API's
 * own 404s, and the anonymous rate limit that does not count the client.
 */

interface ByteAnswer extends RawAnswer {
  bytes: Buffer;
}

/** One request with nothing added (fetch would add Accept-Encoding and undo the compression). */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<ByteAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        resolve({ status: res.statusCode ?? 0, headers: flat, text: bytes.toString('utf8'), bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const strictPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe('web client files', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let index: ByteAnswer;
  let scriptPath: string;
  let stylesheetPath: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: 'a-setup-token-of-some-length', Svc__TrustedProxies: '127.0.0.1' });
    index = await get(service.url, '/');
    scriptPath = /<script type="module" src="(\/assets\/main-[A-Z0-9]+\.js)"><\/script>/.exec(index.text)![1]!;
    stylesheetPath = /<link rel="stylesheet" href="(\/assets\/main-[A-Z0-9]+\.css)">/.exec(index.text)![1]!;
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('/ answers index.html, revalidated on every visit, under the strict policy, never framed', () => {
    expect(index.status).toBe(200);
    expect(index.text).toContain('<div id="app">');
    expect(index.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': strictPolicy,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
    });
    expect(index.headers.etag).toMatch(/^"[^"]+"$/);
  });

  it('a hashed file is cached for a year as immutable, with its content type and the same policy', async () => {
    for (const [path, type] of [
      [scriptPath, 'text/javascript; charset=utf-8'],
      [stylesheetPath, 'text/css; charset=utf-8'],
      [`${scriptPath}.map`, 'application/json; charset=utf-8'],
    ] as const) {
      const answer = await get(service.url, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers, path).toMatchObject({
        'content-type': type,
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': strictPolicy,
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
      });
    }
  });

  it('deep links answer index.html: any GET path outside the API', async () => {
    for (const path of ['/w/x/p/y/model', '/w/x/p/y/model/elements/a.b', '/setup', '/sign-in?next=%2Faccount', '/invitations/abc', '/index.html']) {
      const answer = await get(service.url, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(answer.text, path).toBe(index.text);
    }
  });

  it('API paths stay problem+json 404 (or 405): the client never answers under them', async () => {
    for (const path of ['/api/nope', '/api', '/mcp/x', '/health/x', '/s/', '/llms.txt/x', '/skills/x/y', '/openapi.json/x', '/docs/x/y']) {
      expect(expectProblem(await get(service.url, path), 404, 'not_found').title, path).toBe('No such endpoint');
    }
    const wrongMethod = await get(service.url, '/api/auth/login');
    expectProblem(wrongMethod, 405, 'method_not_allowed');
    expect(wrongMethod.headers.allow).toBe('POST');
  });

  it('another method than GET on a page path is not served the client', async () => {
    expectProblem(await get(service.url, '/some/page', {}, 'POST'), 404, 'not_found');
    expectProblem(await get(service.url, '/w/x', {}, 'DELETE'), 404, 'not_found');
  });

  it('a hashed file this build does not have is 404, never index.html', async () => {
    const answer = await get(service.url, '/assets/main-ZZZZZZZZ.js');
    expect(expectProblem(answer, 404, 'not_found').detail).toContain('/assets/main-ZZZZZZZZ.js');
    expectProblem(await get(service.url, '/assets/'), 404, 'not_found');
  });

  it('answers 304 without a body when the copy is current (If-None-Match)', async () => {
    const script = await get(service.url, scriptPath);
    const again = await get(service.url, scriptPath, { 'if-none-match': script.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(script.headers.etag);
    expect((await get(service.url, '/w/a/p/b', { 'if-none-match': index.headers.etag! })).status).toBe(304);
    expect((await get(service.url, scriptPath, { 'if-none-match': index.headers.etag! })).status).toBe(200);
  });

  it('compresses with gzip or brotli when the client accepts it, and not otherwise', async () => {
    const plain = await get(service.url, scriptPath);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const gzip = await get(service.url, scriptPath, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 2);
    const br = await get(service.url, scriptPath, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    const html = await get(service.url, '/', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(html.bytes).toString('utf8')).toBe(index.text);
  });

  it('HEAD answers the headers of GET', async () => {
    const head = await get(service.url, scriptPath, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.bytes.length).toBe(0);
  });

  it('the anonymous rate limit does not count the client: 320 anonymous loads in a minute all answer 200, and the API still has its 300', async () => {
    // One client address of its own (the service trusts 127.0.0.1 as proxy), so no other test's calls count here.
    const from = { 'x-forwarded-for': '198.18.7.7' };
    const paths = [...Array.from({ length: 160 }, () => '/'), ...Array.from({ length: 80 }, () => scriptPath), ...Array.from({ length: 80 }, () => '/w/x/p/y/model')];
    const statuses: number[] = [];
    for (let i = 0; i < paths.length; i += 20) statuses.push(...(await Promise.all(paths.slice(i, i + 20).map((p) => get(service.url, p, from)))).map((a) => a.status));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(320);
    // Had the loads counted, the limit would be spent: the API still answers 300 anonymous calls, then 429.
    const api: number[] = [];
    for (let i = 0; i < 300; i += 20) api.push(...(await Promise.all(Array.from({ length: 20 }, () => get(service.url, '/api/setup/status', from)))).map((a) => a.status));
    expect(api.filter((s) => s !== 200)).toEqual([]);
    expectProblem(await get(service.url, '/api/setup/status', from), 429, 'rate_limited');
    expect((await get(service.url, '/', from)).status).toBe(200);
  }, 60_000);
});
