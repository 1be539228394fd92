import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/http-client';
import { startModelService, type ModelService, type Person } from '../support/model-api';

const diagnosticsMembers = ['database', 'eventStore', 'jobQueue', 'pendingMigrations', 'worker'];

describe('GET /api/instance/diagnostics', () => {
  let m: ModelService;
  let member: Person;
  let token: string;

  beforeAll(async () => {
    m = await startModelService();
    const workspaceId = await m.createWorkspace('Diagnosed');
    member = await m.newPerson('owner@diagnostics.test', [{ workspaceId, role: 'owner' }]);
    token = await m.createToken(workspaceId, ['read', 'push']);
  }, 60_000);

  afterAll(async () => {
    await m?.stop();
  });

  it('answers the instance administrator: no pending migration, database, event store and job queue reachable, the worker alive', async () => {
    // A job due in an hour stays queued while the test reads.
    await sql`select graphile_worker.add_job('noop', run_at => now() + interval '1 hour')`.execute(m.database.db);
    const answer = await m.api('GET', '/api/instance/diagnostics', { session: m.admin.session });
    expect(answer.status, answer.text).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(diagnosticsMembers);
    expect(answer.json.pendingMigrations).toEqual([]);
    expect(answer.json.database).toEqual({ reachable: true });
    expect(answer.json.eventStore).toEqual({ reachable: true });
    expect(answer.json.jobQueue.reachable).toBe(true);
    expect(answer.json.jobQueue.queued).toBeGreaterThanOrEqual(1);
    expect(answer.json.jobQueue.locked).toBe(0);
    expect(answer.json.worker).toMatchObject({ lastWorker: 'local', recent: true });
    expect(Date.now() - Date.parse(answer.json.worker.lastHeartbeatAt)).toBeLessThan(60_000);
  });

  it('the heartbeat comes back after the worker runs', async () => {
    const deletedAt = Date.now();
    await sql`delete from worker_heartbeats`.execute(m.database.db);
    let worker: { lastHeartbeatAt: string | null; recent: boolean } = { lastHeartbeatAt: null, recent: false };
    const deadline = Date.now() + 15_000;
    // The local runner beats every 5 seconds: a new beat shows up without anything else running.
    while ((worker.lastHeartbeatAt === null || Date.parse(worker.lastHeartbeatAt) < deletedAt - 1000) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      worker = (await m.api('GET', '/api/instance/diagnostics', { session: m.admin.session })).json.worker;
    }
    expect(worker).toMatchObject({ recent: true });

  }, 30_000);

  it('refuses a workspace owner who is not the instance administrator (403), an agent token (403) and no credential (401)', async () => {
    expectProblem(await m.api('GET', '/api/instance/diagnostics', { session: member.session }), 403);
    expectProblem(await m.api('GET', '/api/instance/diagnostics', { token }), 403);
    expectProblem(await m.api('GET', '/api/instance/diagnostics'), 401);
  });
});
