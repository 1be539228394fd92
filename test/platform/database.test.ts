import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { quickAddJob, type Job } from 'graphile-worker';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupRefusalError } from '../../lib/platform/config/startup-refusal';
import { assertDatabaseUpToDate, migrateDatabase, pendingMigrations } from '../../lib/platform/db/migrate-database';
import { openDatabase, type DatabaseHandle } from '../../lib/platform/db/open-database';
import { createLogger, type LogLevel } from '../../lib/platform/runtime/logger';
import { startWorker } from '../../local/start-worker';
import { migrations } from '../../migrations/index';
import { logMessages, runServerCommand, serviceEnvironment, temporaryDirectory } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const releaseMigrations = Object.keys(migrations);
const futureMigration = '9999-from-a-newer-release';
const key = Buffer.alloc(32, 0x33).toString('base64');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(options?: { migrated?: boolean }): Promise<TestDatabase> {
  const created = await createTestDatabase(options);
  cleanups.push(() => created.drop());
  return created;
}

function extraPool(database: TestDatabase): DatabaseHandle {
  const handle = openDatabase(database.connection, { maxConnections: 3 });
  cleanups.push(() => handle.close());
  return handle;
}

async function recordedMigrations(handle: DatabaseHandle): Promise<{ name: string; times: number }[]> {
  const result = await sql<{ name: string; times: string }>`select name, count(*) as times from svc_migration group by name order by name`.execute(handle.db);
  return result.rows.map((r) => ({ name: r.name, times: Number(r.times) }));
}

function collectingLogger() {
  const lines: { level: LogLevel; line: string }[] = [];
  return { lines, log: createLogger({ level: 'debug', write: (level, line) => lines.push({ level, line }) }) };
}

describe('migrations', () => {
  it('a fresh database is behind by every migration of this release', async () => {
    const fresh = await database({ migrated: false });
    expect(await pendingMigrations(fresh.db)).toEqual(releaseMigrations);
    await expect(assertDatabaseUpToDate(fresh.db)).rejects.toThrow(/DBX001/);
  });

  it('two instances migrating one fresh database at once: both succeed and each migration is applied once', async () => {
    for (let round = 0; round < 3; round++) {
      const fresh = await database({ migrated: false });
      const other = extraPool(fresh);
      const third = extraPool(fresh);
      const results = await Promise.allSettled([
        migrateDatabase(fresh.db, fresh.pool),
        migrateDatabase(other.db, other.pool),
        migrateDatabase(third.db, third.pool),
      ]);
      expect(results.map((r) => r.status), JSON.stringify(results.map((r) => (r.status === 'rejected' ? String(r.reason) : '')))).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      // Under the lock one instance applies them; the others find nothing to do.
      expect(applied.sort()).toEqual([...releaseMigrations].sort());
      expect(await recordedMigrations(fresh)).toEqual(releaseMigrations.map((name) => ({ name, times: 1 })));
      expect(await pendingMigrations(fresh.db)).toEqual([]);
      await expect(assertDatabaseUpToDate(other.db)).resolves.toBeUndefined();
      // The job queue's schema came along, once.
      const worker = await sql<{ id: number; times: string }>`select id, count(*) as times from graphile_worker.migrations group by id having count(*) > 1`.execute(fresh.db);
      expect(worker.rows).toEqual([]);
      const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_name in ('users', 'session_keys')`.execute(fresh.db);
      expect(tables.rows.map((r) => r.table_name).sort()).toEqual(['session_keys', 'users']);
    }
  });

  it('migrating an up-to-date database applies nothing and changes nothing', async () => {
    const current = await database();
    const before = await recordedMigrations(current);
    expect(await migrateDatabase(current.db, current.pool)).toEqual([]);
    expect(await recordedMigrations(current)).toEqual(before);
  });
});

describe('a database migrated by a newer release', () => {
  async function newerDatabase(): Promise<TestDatabase> {
    const db = await database();
    await sql`insert into svc_migration (name, timestamp) values (${futureMigration}, ${new Date().toISOString()})`.execute(db.db);
    return db;
  }

  it('is refused by assertDatabaseUpToDate, naming the unknown migration', async () => {
    const newer = await newerDatabase();
    const error = await assertDatabaseUpToDate(newer.db).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupRefusalError);
    expect((error as Error).message).toContain(futureMigration);
    expect((error as Error).message).toMatch(/newer release/);
  });

  it('is refused by migrateDatabase, which changes nothing', async () => {
    const newer = await newerDatabase();
    const before = await recordedMigrations(newer);
    const error = await migrateDatabase(newer.db, newer.pool).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupRefusalError);
    expect((error as Error).message).toContain(futureMigration);
    expect((error as Error).message).toMatch(/newer release/);
    expect(await recordedMigrations(newer)).toEqual(before);
  });

  it.each(['true', 'false'])('makes the server refuse to start with Database__MigrateOnStartup=%s', async (migrateOnStartup) => {
    const newer = await newerDatabase();
    const dir = await temporaryDirectory('svc-db-');
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const result = await runServerCommand(
      [],
      serviceEnvironment({
        PORT: '0',
        Svc__DataDirectory: dir,
        Svc__MasterKey: key,
        Database__MigrateOnStartup: migrateOnStartup,
        ConnectionStrings__DefaultConnection: newer.url,
      }),
      15_000,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(logMessages(result.stderr)).toContainEqual(expect.stringMatching(/^svc: cannot start: .*newer release/));
    expect(result.stderr).toContain(futureMigration);
  });
});

describe('job worker', () => {
  it('records a heartbeat as soon as it runs', async () => {
    const db = await database();
    const { log } = collectingLogger();
    const before = Date.now();
    const runner = await startWorker(db, 1, log);
    cleanups.push(() => runner.stop());
    let beat: Date | undefined;
    for (let i = 0; i < 50 && !beat; i++) {
      beat = (await sql<{ beat_at: Date }>`select beat_at from worker_heartbeats where worker = 'local'`.execute(db.db)).rows[0]?.beat_at;
      if (!beat) await new Promise((r) => setTimeout(r, 100));
    }
    expect(beat!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('runs a noop job queued by another client, then removes it from the queue', async () => {
    const db = await database();
    const { lines, log } = collectingLogger();
    const runner = await startWorker(db, 1, log);
    cleanups.push(() => runner.stop());
    const succeeded: Job[] = [];
    const failed: string[] = [];
    runner.events.on('job:success', ({ job }) => succeeded.push(job));
    runner.events.on('job:failed', ({ job, error }) => failed.push(`${job.task_identifier}: ${String(error)}`));

    // Queued through a separate pool, as another instance or a request handler would.
    const producer = extraPool(db);
    const jobs = await Promise.all([1, 2, 3].map((n) => quickAddJob({ pgPool: producer.pool }, 'noop', { n })));

    const deadline = Date.now() + 15_000;
    while (succeeded.length < jobs.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(failed).toEqual([]);
    expect(succeeded.map((j) => j.id).sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(succeeded.every((j) => j.task_identifier === 'noop')).toBe(true);

    const left = await sql<{ n: string }>`select count(*) as n from graphile_worker.jobs`.execute(db.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
    expect(lines.some((l) => l.line.includes('noop job ran'))).toBe(true);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('leaves a job of an unknown task queued, without failing it', async () => {
    const db = await database();
    const { log } = collectingLogger();
    const runner = await startWorker(db, 1, log);
    cleanups.push(() => runner.stop());
    const failed: string[] = [];
    runner.events.on('job:failed', ({ job }) => failed.push(job.task_identifier));
    const unknown = await quickAddJob({ pgPool: db.pool }, 'no-such-task', {});
    const known = await quickAddJob({ pgPool: db.pool }, 'noop', {});
    const deadline = Date.now() + 15_000;
    let remaining: string[] = [];
    while (Date.now() < deadline) {
      remaining = (await sql<{ id: string }>`select id::text from graphile_worker.jobs`.execute(db.db)).rows.map((r) => r.id);
      if (!remaining.includes(String(known.id))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(remaining).toEqual([String(unknown.id)]);
    expect(failed).toEqual([]);
  });

  it('stops cleanly: a job queued after stop stays queued', async () => {
    const db = await database();
    const { log } = collectingLogger();
    const runner = await startWorker(db, 1, log);
    await runner.stop();
    const job = await quickAddJob({ pgPool: db.pool }, 'noop', {});
    await new Promise((r) => setTimeout(r, 300));
    const rows = await sql<{ id: string; attempts: number }>`select id::text, attempts from graphile_worker.jobs`.execute(db.db);
    expect(rows.rows).toEqual([{ id: String(job.id), attempts: 0 }]);
  });
});
