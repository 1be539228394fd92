import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem } from '../support/http-client';
import { startModelService, type ModelService } from '../support/model-api';

/**
 * GET /openapi.json and the reference page against the built server
 * (docs/openapi.md): the document as docs/openapi.json holds it, without a
 * credential, counted in the anonymous limit with /api, /llms.txt and
 * /skills (300 per client address per minute together); the page and its
 * files counted in no limit, like the web client's files.
 */
describe('/openapi.json and /docs', () => {
  let m: ModelService;

  beforeAll(async () => {
    // The service trusts 127.0.0.1 as proxy, so each test's X-Forwarded-For is a client address of its own.
    m = await startModelService({ Svc__TrustedProxies: '127.0.0.1' });
  });

  afterAll(async () => {
    await m?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => call(m.service.url, 'GET', path, { headers });

  it('answers the document of docs/openapi.json without a credential, gzip-compressed when asked, 304 when current', async () => {
    const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    const answer = await get('/openapi.json', { 'x-forwarded-for': '198.18.7.1' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.text).toBe(committed);
    expect(answer.json.openapi).toBe('3.1.0');
    // fetch takes the body apart again; the header says how it came.
    const compressed = await fetch(`${m.service.url}/openapi.json`, { headers: { 'accept-encoding': 'gzip', 'x-forwarded-for': '198.18.7.1' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(await compressed.text()).toBe(committed);
    const again = await get('/openapi.json', { 'if-none-match': answer.headers.get('etag')!, 'x-forwarded-for': '198.18.7.1' });
    expect(again.status).toBe(304);
  });

  it('counts /openapi.json in the anonymous limit; the reference page and its files in none', async () => {
    const from = { 'x-forwarded-for': '198.18.7.2' };
    const statuses: number[] = [];
    for (let i = 0; i < 300; i += 25) statuses.push(...(await Promise.all(Array.from({ length: 25 }, () => get(i % 2 === 0 ? '/openapi.json' : '/api/setup/status', from)))).map((a) => a.status));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expectProblem(await get('/openapi.json', from), 429, 'rate_limited');
    expectProblem(await get('/llms.txt', from), 429, 'rate_limited');
    expect((await get('/docs', from)).status).toBe(200);
    expect((await get('/docs/reference.js', from)).status).toBe(200);
    expect((await get('/openapi.json', { 'x-forwarded-for': '198.18.7.3' })).status).toBe(200);
  }, 60_000);
});
