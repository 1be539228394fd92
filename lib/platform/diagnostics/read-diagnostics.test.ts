import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { readInstanceDiagnostics } from './read-diagnostics';
import { recordWorkerHeartbeat } from './worker-heartbeat';

const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
});

async function database(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const created = await createTestDatabase(options);
  databases.push(created);
  return created;
}

describe('readInstanceDiagnostics', () => {
  it('a migrated database with no worker yet: everything reachable, no heartbeat', async () => {
    const db = await database();
    expect(await readInstanceDiagnostics(db.db, new Date())).toEqual({
      pendingMigrations: [],
      database: { reachable: true },
      eventStore: { reachable: true },
      jobQueue: { reachable: true, queued: 0, locked: 0 },
      worker: { lastHeartbeatAt: null, lastWorker: null, recent: false },
    });
  });

  it('an empty database: every migration pending, event store and job queue not reachable', async () => {
    const db = await database({ migrated: false });
    const answer = await readInstanceDiagnostics(db.db, new Date());
    expect(answer.pendingMigrations).toEqual(Object.keys(migrations));
    expect(answer.database).toEqual({ reachable: true });
    expect(answer.eventStore).toEqual({ reachable: false });
    expect(answer.jobQueue).toEqual({ reachable: false, queued: null, locked: null });
    expect(answer.worker.recent).toBe(false);
  });

  it('the newest beat of any worker counts; it is recent for two and a half minutes', async () => {
    const db = await database();
    const beat = new Date('2026-11-23T10:00:00.000Z');
    await recordWorkerHeartbeat(db.db, 'local', new Date(beat.getTime() - 60_000));
    await recordWorkerHeartbeat(db.db, 'scheduled', beat);
    const at = (ms: number) => readInstanceDiagnostics(db.db, new Date(beat.getTime() + ms));
    expect((await at(150_000)).worker).toEqual({ lastHeartbeatAt: '2026-11-23T10:00:00.000Z', lastWorker: 'scheduled', recent: true });
    expect((await at(150_001)).worker.recent).toBe(false);
  });

  it('counts queued and locked jobs', async () => {
    const db = await database();
    await sql`select graphile_worker.add_job('noop', run_at => now() + interval '1 hour')`.execute(db.db);
    await sql`select graphile_worker.add_job('noop')`.execute(db.db);
    await sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'test' where id = (select min(id) from graphile_worker._private_jobs)`.execute(db.db);
    expect((await readInstanceDiagnostics(db.db, new Date())).jobQueue).toEqual({ reachable: true, queued: 1, locked: 1 });
  });
});
