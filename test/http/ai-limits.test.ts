import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, loadTestModel } from '../fixtures/load-tests/fixture-model';
import { configureAiProvider, type FakeAiServer, startFakeOpenAi } from '../support/fake-ai';
import { call, expectProblem, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Part 2 `requestsPerMinute` and the monthly budgets across instances: two service processes
 * share one database and one fake OpenAI API; explain requests go through both. The rpm holds
 * over both together (429 `rate_limited` with Retry-After, and the provider sees only the
 * allowed requests), and spend recorded by one instance stops the other at a budget.
 */
const setupToken = 'ai-limits-test-setup-token-00';

describe('AI limits over two instances on one database', () => {
  let database: TestDatabase;
  const services: ServiceProcess[] = [];
  let session: string;
  let fake: FakeAiServer;

  const via = (i: number, method: string, path: string, options: CallOptions = {}) => call(services[i % services.length]!.url, method, path, { session, ...options });
  const explainBody = { target: { kind: 'element', id: ids.shop }, question: null, branchId: null };

  /** A workspace with a project holding the fixture model, its explain task routed to the fake with `provider` fields. */
  async function workspaceWith(name: string, provider: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
    const workspaceId = (await via(0, 'POST', '/api/workspaces', { json: { name } })).json.id as string;
    const project = await via(1, 'POST', `/api/workspaces/${workspaceId}/projects`, { json: { name, description: null } });
    expect(project.status, project.text).toBe(201);
    const imported = await via(0, 'POST', `/api/projects/${project.json.id}/import`, { body: JSON.stringify(loadTestModel()), headers: { 'content-type': 'application/json' } });
    expect(imported.status, imported.text).toBe(200);
    await configureAiProvider({ serviceUrl: services[1]!.url, session, workspaceId, server: fake, tasks: ['explain', 'critique'], provider: { supportsStreaming: false, ...provider }, overrides });
    return { workspaceId, projectId: project.json.id as string };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeOpenAi();
    fake.respondWith(() => ({ explanation: 'The shop sells.', citations: [ids.shop] }));
    const shared = { ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken, Svc__MasterKey: randomBytes(32).toString('base64') };
    for (let i = 0; i < 2; i++) services.push(await startServiceProcess(shared, { dataDirectory: await temporaryDirectory('svc-ai-limits-') }));
    const setup = await call(services[0]!.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@ai-limits.test', password: strongPassword, name: 'Olive Owner' } });
    expect(setup.status, setup.text).toBe(201);
    session = sessionCookieOf(setup).value;
  }, 120_000);

  afterAll(async () => {
    for (const service of services) await service.stop();
    await fake?.close();
    await database?.drop();
  });

  it('holds requestsPerMinute over both instances: the rest get 429 rate_limited with Retry-After and never reach the provider', async () => {
    const limit = 3;
    const { projectId } = await workspaceWith('Rpm', { requestsPerMinute: limit });
    fake.reset();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => via(i, 'POST', `/api/projects/${projectId}/ai/explain`, { json: explainBody })));
    const answered = answers.filter((a) => a.status === 200);
    expect(answered).toHaveLength(limit);
    for (const a of answered) expect(a.json.status).toBe('answered');
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(10 - limit);
    for (const answer of refused) {
      expectProblem(answer, 429, 'rate_limited');
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(fake.requests).toHaveLength(limit);
    const outcomes = await database.db.selectFrom('ai_calls').select('outcome').where('project_id', '=', projectId).execute();
    expect(outcomes.filter((o) => o.outcome === 'answered')).toHaveLength(limit);
    expect(outcomes.filter((o) => o.outcome === 'rate-limited')).toHaveLength(10 - limit);
  });

  it('stops a provider at its monthly budget whichever instance spent it', async () => {
    // 1,200 input and 300 output tokens of gpt-4o-mini cost 0.00036 USD: one call spends a budget of 0.0003.
    const { projectId, workspaceId } = await workspaceWith('Provider budget', { monthlyBudgetUsd: 0.0003 });
    fake.reset();
    expect((await via(0, 'POST', `/api/projects/${projectId}/ai/explain`, { json: explainBody })).json.status).toBe('answered');
    const refused = await via(1, 'POST', `/api/projects/${projectId}/ai/explain`, { json: explainBody });
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({ status: 'unavailable', reason: 'provider-budget' });
    expect(fake.requests).toHaveLength(1);
    const usage = await via(1, 'GET', `/api/workspaces/${workspaceId}/ai/usage`);
    expect(usage.json.providers[0]).toMatchObject({ costUsd: '0.00036', monthlyBudgetUsd: 0.0003, budgetLeftUsd: '0', calls: 2 });
  });

  it('stops every provider at usage.monthlyAiBudgetUsd, spend of both instances counted together', async () => {
    const { projectId, workspaceId } = await workspaceWith('Workspace budget', {}, { usage: { monthlyAiBudgetUsd: 0.0007 } });
    fake.reset();
    expect((await via(0, 'POST', `/api/projects/${projectId}/ai/explain`, { json: explainBody })).json.status).toBe('answered');
    expect((await via(1, 'POST', `/api/projects/${projectId}/ai/explain`, { json: explainBody })).json.status).toBe('answered');
    // 0.00072 spent of 0.0007.
    for (const i of [0, 1]) expect((await via(i, 'POST', `/api/projects/${projectId}/ai/explain`, { json: explainBody })).json).toMatchObject({ status: 'unavailable', reason: 'workspace-budget' });
    expect(fake.requests).toHaveLength(2);
    const usage = await via(0, 'GET', `/api/workspaces/${workspaceId}/ai/usage`);
    expect(usage.json).toMatchObject({ totalUsd: '0.00072', workspaceBudgetUsd: 0.0007, workspaceBudgetLeftUsd: '0' });
  });
});
