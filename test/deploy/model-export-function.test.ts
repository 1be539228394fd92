import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaResponsePayloadBytes } from '../../lib/platform/http/response-payload';
import { strongPassword } from '../support/http-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { apiGatewayEvent, startBundle, type ApiRequestOptions, type RunningBundle } from './lambda-bundle';

/**
 * The model export in the function deployment (docs/decisions.md
 * "Model export in a function deployment"): the `model` bundle run as Lambda
 * runs it answers a model over the 6 MB a function may return gzip-compressed
 * when the request accepts gzip, and otherwise 400 export_too_large saying how
 * to read the model in pages; a small model answers as in the container.
 */
const host = 'svc.example.test';
const setupToken = randomBytes(12).toString('hex');
const sameOrigin = { origin: `https://${host}`, 'sec-fetch-site': 'same-origin' };

describe('GET /api/projects/{id}/export in a function', () => {
  let database: TestDatabase;
  const running = new Map<string, RunningBundle>();
  let env: Record<string, string>;
  let session: string[] = [];
  let workspaceId: string;

  async function call(group: string, method: string, route: string, options: ApiRequestOptions = {}): Promise<any> {
    let bundle = running.get(group);
    if (!bundle) {
      bundle = await startBundle(`functions/${group}`, env);
      running.set(group, bundle);
    }
    const outcome = await bundle.invoke(apiGatewayEvent(method, route, options, host));
    if (outcome.kind === 'threw') expect.fail(`${group}: ${method} ${route} threw out of the handler: ${outcome.message}\n${bundle.output()}`);
    return outcome.value;
  }

  async function projectWith(name: string, document: unknown): Promise<string> {
    const created = await call('workspaces', 'POST', '/api/workspaces/{workspaceId}/projects', { params: { workspaceId }, cookies: session, headers: sameOrigin, json: { name } });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = JSON.parse(created.body).id;
    const imported = await call('model', 'POST', '/api/projects/{projectId}/import', { params: { projectId }, cookies: session, headers: sameOrigin, json: document });
    expect(imported.statusCode, imported.body.slice(0, 500)).toBe(200);
    return projectId;
  }

  const exportOf = (projectId: string, headers: Record<string, string> = {}, query = '') => call('model', 'GET', '/api/projects/{projectId}/export', { params: { projectId }, cookies: session, headers, query });

  beforeAll(async () => {
    database = await createTestDatabase();
    env = {
      Svc__Profile: 'hosted',
      ConnectionStrings__DefaultConnection: database.url,
      Svc__MasterKey: randomBytes(32).toString('base64'),
      Svc__SetupToken: setupToken,
      AllowedHosts: host,
      Svc__PublicUrl: `https://${host}`,
      LOG_LEVEL: 'warn',
      Database__MigrateOnStartup: 'false',
      Database__MaxPoolSize: '2',
    };
    const setup = await call('setup', 'POST', '/api/setup', { headers: sameOrigin, json: { setupToken, email: 'admin@example.test', name: 'Ada Admin', password: strongPassword } });
    expect(setup.statusCode, setup.body).toBe(201);
    session = [setup.cookies.find((c: string) => c.startsWith('svc_session=')).split(';')[0]];
    workspaceId = JSON.parse(setup.body).workspace.id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...running.values()].map((bundle) => bundle.stop()));
    await database?.drop();
  });

  it('answers a small model as the container does, whatever the request accepts', async () => {
    const projectId = await projectWith('Small', { elements: [{ id: '00000000-0000-4000-8000-000000000001', kind: 'system', name: 'Shop', status: 'current', factStatus: 'declared' }] });
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const answer = await exportOf(projectId, headers);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.isBase64Encoded).toBeFalsy();
      expect(JSON.parse(answer.body).elements).toHaveLength(1);
    }
  });

  it('answers a model over 6 MB gzip-compressed within the limit, or refuses it with the way to page it', async () => {
    const quote = 'He said "ship it"; she asked \\why\\. ';
    const elements = Array.from({ length: 600 }, (_, i) => ({ id: `00000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`, kind: 'system', name: `System ${i}`, status: 'current', factStatus: 'declared', description: `${quote.repeat(300)}${i}` }));
    const projectId = await projectWith('Large', { elements });

    for (const format of ['json', 'yaml']) {
      const query = `format=${format}`;
      const refused = await exportOf(projectId, {}, query);
      expect(refused.statusCode, refused.body.slice(0, 300)).toBe(400);
      const problem = JSON.parse(refused.body);
      expect(problem).toMatchObject({ type: 'export_too_large', status: 400, errors: [{ field: 'Accept-Encoding', message: 'does not allow gzip' }] });
      expect(problem.detail).toContain(`GET /api/projects/${projectId}/{list} for each of elements, relationships`);

      const compressed = await exportOf(projectId, { 'accept-encoding': 'gzip, deflate, br' }, query);
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(compressed.isBase64Encoded).toBe(true);
      expect(Buffer.byteLength(JSON.stringify(compressed))).toBeLessThanOrEqual(lambdaResponsePayloadBytes);
      const text = gunzipSync(Buffer.from(compressed.body, 'base64')).toString('utf8');
      expect(Buffer.byteLength(JSON.stringify(text))).toBeGreaterThan(lambdaResponsePayloadBytes);
      if (format === 'json') expect(JSON.parse(text).elements.map((e: { description: string }) => e.description)).toEqual(elements.map((e) => e.description));
      else expect(text).toContain(`description: ${quote.repeat(300)}0\n`);
    }
  });
});
