import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem } from '../support/http-client';
import { startModelService, type ModelService } from '../support/model-api';

/**
 * GET /skills and GET /skills/{name} against the built server: the index as
 * Markdown or JSON by the Accept header, each SKILL.md exactly as the file
 * in skills/ (the build carries them), no credential needed, and the
 * anonymous rate limit of part 2 ("/api, /mcp, /llms.txt, /llms-full.txt,
 * /skills: 300 per client address per minute together").
 */

const names = ['check-a-flow-with-faults', 'keep-the-model-honest-from-ci', 'read-the-model', 'review-findings'];
const file = (name: string) => readFileSync(new URL(`../../skills/${name}/SKILL.md`, import.meta.url), 'utf8');

describe('/skills', () => {
  let m: ModelService;
  let token: string;

  beforeAll(async () => {
    // The service trusts 127.0.0.1 as proxy, so each test's X-Forwarded-For is a client address of its own.
    m = await startModelService({ Svc__TrustedProxies: '127.0.0.1' });
    token = await m.createToken(await m.createWorkspace('Skills'), ['read']);
  });

  afterAll(async () => {
    await m?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}, options: { token?: string } = {}) => call(m.service.url, 'GET', path, { headers, ...options });

  it('answers the index as Markdown without a credential, one line per skill with its address and description', async () => {
    const answer = await get('/skills', { 'x-forwarded-for': '198.18.9.1' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(answer.headers.get('vary')).toMatch(/accept/i);
    for (const name of names) {
      const description = /^description: (.*)$/m.exec(file(name))![1]!;
      expect(answer.text).toContain(`- [${name}](/skills/${name}): ${description}\n`);
    }
    // A browser's Accept gets the Markdown too.
    expect((await get('/skills', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'x-forwarded-for': '198.18.9.1' })).text).toBe(answer.text);
  });

  it('answers the index as JSON when Accept prefers it, with the tools and endpoints each skill uses', async () => {
    const answer = await get('/skills', { accept: 'application/json', 'x-forwarded-for': '198.18.9.1' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const index = answer.json as { skills: { name: string; description: string; url: string; tools: string[]; endpoints: string[] }[] };
    expect(index.skills.map((s) => s.name)).toEqual(names);
    const read = index.skills.find((s) => s.name === 'read-the-model')!;
    expect(read.url).toBe('/skills/read-the-model');
    expect(read.tools).toEqual(expect.arrayContaining(['find_elements', 'find_paths', 'get_impact']));
    expect(read.endpoints).toContain('GET /api/projects/{projectId}/paths');
    expect(index.skills.find((s) => s.name === 'check-a-flow-with-faults')!.endpoints).toContain('POST /api/projects/{projectId}/scenarios/{scenarioId}/run');
  });

  it('answers each skill as the SKILL.md of skills/, and 404 for a name no skill has', async () => {
    for (const name of names) {
      const answer = await get(`/skills/${name}`, { 'x-forwarded-for': '198.18.9.2' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(answer.text).toBe(file(name));
      expect(answer.text.startsWith(`---\nname: ${name}\ndescription: `)).toBe(true);
    }
    expectProblem(await get('/skills/no-such-skill', { 'x-forwarded-for': '198.18.9.2' }), 404);
    expectProblem(await get('/skills/..%2Fpackage.json', { 'x-forwarded-for': '198.18.9.2' }), 404);
    // POST is no method of /skills: the API's 405, not the web client.
    const wrong = await call(m.service.url, 'POST', '/skills', { headers: { 'x-forwarded-for': '198.18.9.2' } });
    expect(wrong.status).toBe(405);
  });

  it('counts in the anonymous limit with /api and /llms.txt: 300 a minute per client address together; a valid token does not count', async () => {
    const from = { 'x-forwarded-for': '198.18.9.3' };
    const paths = [...Array.from({ length: 150 }, () => '/skills'), ...Array.from({ length: 100 }, (_, i) => `/skills/${names[i % names.length]}`), ...Array.from({ length: 50 }, () => '/llms.txt')];
    const statuses: number[] = [];
    for (let i = 0; i < paths.length; i += 20) statuses.push(...(await Promise.all(paths.slice(i, i + 20).map((p) => get(p, from)))).map((a) => a.status));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expectProblem(await get('/skills', from), 429, 'rate_limited');
    expectProblem(await get('/skills/read-the-model', from), 429, 'rate_limited');
    expectProblem(await get('/api/setup/status', from), 429, 'rate_limited');
    // With an agent token the same address is not limited; another address has its own 300.
    expect((await get('/skills', from, { token })).status).toBe(200);
    expect((await get('/skills', { 'x-forwarded-for': '198.18.9.4' })).status).toBe(200);
  }, 60_000);
});
