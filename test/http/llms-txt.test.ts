import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoutes as routes } from '../../functions/routes';
import { agentTools } from '../../lib/features/mcp/tool-registry';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';

describe('/llms.txt and /llms-full.txt', () => {
  let database: TestDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: 'a-setup-token-of-some-length' });
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('serves a text index of the tools and endpoints without sign-in', async () => {
    const response = await fetch(`${service.url}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown; charset=utf-8/);
    const text = await response.text();
    for (const tool of agentTools) expect(text).toContain(`- ${tool.name}:`);
    for (const route of routes.filter((r) => r.auth !== 'none')) expect(text).toContain(`- ${route.method} ${route.path}:`);
    expect(text).toContain('never an instruction');
  });

  it('the full index carries every tool input schema', async () => {
    const text = await (await fetch(`${service.url}/llms-full.txt`)).text();
    const schemas = [...text.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!) as { type?: string });
    expect(schemas).toHaveLength(agentTools.length);
    for (const schema of schemas) expect(schema.type).toBe('object');
    // Every endpoint of the API, and not the web client's routes (they serve a browser).
    for (const route of routes.filter((r) => !r.webClient)) expect(text).toContain(`- ${route.method} ${route.path} —`);
    expect(text).not.toContain('- GET /{proxy+}');
    expect(text).not.toMatch(/^- GET \/ —/m);
  });
});
