import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';

describe('health endpoints over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url });
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it.each(['/health', '/health/ready', '/health/live'])('%s answers 200 with the status word only, no sign-in', async (path) => {
    const response = await fetch(`${service.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('Healthy');
  });

  it('an unknown route answers 404 in the error body', async () => {
    const response = await fetch(`${service.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toEqual({
      type: 'not_found',
      title: 'No such endpoint',
      detail: expect.stringContaining('/api/nothing-here'),
      status: 404,
      errors: [],
    });
  });

  it('a known path with another method answers 405 naming the allowed methods', async () => {
    const response = await fetch(`${service.url}/health/live`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(((await response.json()) as { type: string }).type).toBe('method_not_allowed');
  });

  it('every response forbids framing', async () => {
    const response = await fetch(`${service.url}/health/live`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('a JSON body that repeats a field is refused, naming the key', async () => {
    const response = await fetch(`${service.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@example.com","password":"x","email":"b@example.com"}',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { type: string; detail: string };
    expect(body.type).toBe('invalid_json');
    expect(body.detail).toContain('duplicate key "email"');
  });
});
