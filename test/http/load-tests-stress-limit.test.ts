import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanOutScenario, ids, loadTestModel, lookupScenario, payScenario } from '../fixtures/load-tests/fixture-model';
import { call, expectProblem, sessionCookieOf, strongPassword, type CallOptions, type HttpAnswer } from '../support/http-client';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Part 2 `policy.maxConcurrentStressRuns` across instances: two service
 * processes share one database; runs are started at once through both, in
 * two workspaces; at no time does the database hold more running runs than
 * the limit, every refusal is 429 `busy` with Retry-After, and a finished run
 * frees its place for either instance.
 */
const setupToken = 'stress-limit-test-setup-token-0';
const limit = 3;

describe('policy.maxConcurrentStressRuns over two instances on one database', () => {
  let database: TestDatabase;
  const services: ServiceProcess[] = [];
  let session: string;
  const scripts: { projectId: string; scriptId: string }[] = [];

  const via = (i: number, method: string, path: string, options: CallOptions = {}) => call(services[i % services.length]!.url, method, path, { session, ...options });

  async function ok(answer: Promise<HttpAnswer>, status = 200): Promise<any> {
    const a = await answer;
    expect(a.status, a.text.slice(0, 500)).toBe(status);
    return a.json;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = { ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken, Svc__MasterKey: randomBytes(32).toString('base64') };
    for (let i = 0; i < 2; i++) services.push(await startServiceProcess(shared, { dataDirectory: await temporaryDirectory('svc-stress-limit-') }));
    const setup = await call(services[0]!.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@stress.test', password: strongPassword, name: 'Olive Owner' } });
    expect(setup.status, setup.text).toBe(201);
    session = sessionCookieOf(setup).value;

    const instance = await via(0, 'GET', '/api/instance/settings');
    await ok(via(1, 'PUT', '/api/instance/settings', { json: { policy: { ...instance.json.policy, maxConcurrentStressRuns: limit }, defaults: instance.json.defaults }, headers: { 'if-match': instance.headers.get('etag')! } }));

    // Two workspaces: the limit holds over all of them.
    for (const name of ['First', 'Second']) {
      const workspaceId = (await ok(via(0, 'POST', '/api/workspaces', { json: { name } }), 201)).id;
      const projectId = (await ok(via(0, 'POST', `/api/workspaces/${workspaceId}/projects`, { json: { name, description: null } }), 201)).id;
      await ok(via(0, 'POST', `/api/projects/${projectId}/import`, { body: JSON.stringify(loadTestModel()), headers: { 'content-type': 'application/json' } }));
      for (const scenario of [lookupScenario, payScenario, fanOutScenario]) await ok(via(0, 'POST', `/api/projects/${projectId}/scenarios`, { json: scenario }), 201);
      const L = `/api/projects/${projectId}/load-tests`;
      const target = await ok(via(0, 'POST', `${L}/targets`, { json: { kind: 'scenario-step', id: ids.lookupScenario, stepId: 'lookup' } }), 201);
      await ok(via(1, 'POST', `${L}/targets/${target.id}/authorise`, { json: { baseUrl: 'https://staging.shop.example', environment: 'staging', version: null } }));
      const profile = await ok(via(0, 'POST', `${L}/profiles`, { json: { shape: 'steady', durationSeconds: 60, warmUpSeconds: 0 } }), 201);
      const script = await ok(via(1, 'POST', `${L}/scripts`, { json: { targetId: target.id, profileId: profile.id } }), 201);
      scripts.push({ projectId, scriptId: script.id });
    }
  }, 120_000);

  afterAll(async () => {
    for (const service of services) await service.stop();
    await database?.drop();
  });

  async function runningInDatabase(): Promise<number> {
    const row = await database.db
      .selectFrom('stress_runs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('finished_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('runs started at once through both instances never exceed the limit; each refusal is 429 busy with Retry-After', async () => {
    let most = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        most = Math.max(most, await runningInDatabase());
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const attempts = Array.from({ length: 24 }, (_, i) => {
      const { projectId, scriptId } = scripts[i % scripts.length]!;
      return via(i >> 1, 'POST', `/api/projects/${projectId}/load-tests/runs`, { json: { scriptId } });
    });
    const answers = await Promise.all(attempts);
    watching = false;
    await watcher;

    const started = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(started).toHaveLength(limit);
    expect(refused).toHaveLength(24 - limit);
    for (const answer of refused) {
      expectProblem(answer, 429, 'busy');
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(most).toBeLessThanOrEqual(limit);
    expect(await runningInDatabase()).toBe(limit);

    // A finished run frees one place, taken through the other instance; the next is refused again.
    const first = started[0]!.json;
    const owner = scripts.find((s) => s.scriptId === first.scriptId)!;
    await ok(via(0, 'POST', `/api/projects/${owner.projectId}/load-tests/runs/${first.id}/finish`));
    const other = scripts.find((s) => s.scriptId !== first.scriptId)!;
    await ok(via(1, 'POST', `/api/projects/${other.projectId}/load-tests/runs`, { json: { scriptId: other.scriptId } }), 201);
    expectProblem(await via(0, 'POST', `/api/projects/${owner.projectId}/load-tests/runs`, { json: { scriptId: owner.scriptId } }), 429, 'busy');
    expect(await runningInDatabase()).toBe(limit);
  });
});
