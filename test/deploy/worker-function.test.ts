import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startBundle, type RunningBundle } from './lambda-bundle';

/**
 * The two functions beside the routes, run as Lambda runs them (bundle alone,
 * no node_modules, the template's environment): the migration step of a
 * deployment, and the job worker an EventBridge schedule invokes every minute.
 */
function functionEnvironment(database: TestDatabase): Record<string, string> {
  return {
    Svc__Profile: 'hosted',
    ConnectionStrings__DefaultConnection: database.url,
    Svc__MasterKey: randomBytes(32).toString('base64'),
    AllowedHosts: 'svc.example.test',
    Database__MigrateOnStartup: 'false',
    Database__MaxPoolSize: '2',
    LOG_LEVEL: 'warn',
  };
}

/** An EventBridge scheduled event, as the worker's schedule sends it. */
function scheduledEvent(time: string): unknown {
  return {
    version: '0',
    id: randomBytes(8).toString('hex'),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '123456789012',
    time,
    region: 'eu-west-1',
    resources: ['arn:aws:events:eu-west-1:123456789012:rule/svc-worker'],
    detail: {},
  };
}

const bundles: RunningBundle[] = [];
afterEach(async () => {
  await Promise.all(bundles.splice(0).map((b) => b.stop()));
});

describe('migration function (dist/migrate)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => database?.drop());

  it('migrates an empty database, job queue included; invoked again it applies nothing', async () => {
    const bundle = await startBundle('migrate', functionEnvironment(database));
    bundles.push(bundle);
    const first = await bundle.invoke({});
    expect(first.kind, first.kind === 'threw' ? first.message : '').toBe('result');
    expect((first as { value: { applied: string[] } }).value.applied).toEqual(Object.keys(migrations).sort());
    const queue = await sql<{ found: string | null }>`select to_regprocedure('graphile_worker.add_job(text, json, text, timestamptz, integer, text, integer, text[], text)')::text as found`.execute(database.db);
    expect(queue.rows[0]!.found).not.toBeNull();

    const second = await bundle.invoke({});
    expect(second).toEqual({ kind: 'result', value: { applied: [] } });
  });
});

describe('scheduled worker function (dist/worker)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  async function expiredBucket(name: string): Promise<void> {
    await sql`insert into rate_limit_log (bucket, hits, allowed, expires_at) values (${name}, array[now() - interval '2 hours'], true, now() - interval '1 hour')`.execute(database.db);
  }
  async function bucketExists(name: string): Promise<boolean> {
    const rows = await sql<{ bucket: string }>`select bucket from rate_limit_log where bucket = ${name}`.execute(database.db);
    return rows.rows.length === 1;
  }
  async function queuedJobs(): Promise<number> {
    const rows = await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs`.execute(database.db);
    return rows.rows[0]!.n;
  }

  it('one invocation runs a job added to the queue, and leaves the queue empty', async () => {
    await expiredBucket('job-added');
    await sql`select graphile_worker.add_job('prune-expired-rows')`.execute(database.db);
    await sql`select graphile_worker.add_job('noop')`.execute(database.db);
    expect(await queuedJobs()).toBe(2);

    const bundle = await startBundle('worker', functionEnvironment(database));
    bundles.push(bundle);
    // Minute 11: the crontab queues only the scan sweep (every minute).
    const outcome = await bundle.invoke(scheduledEvent('2026-03-01T13:11:00Z'));
    expect(outcome).toEqual({ kind: 'result', value: { tick: '2026-03-01T13:11:00.000Z', scheduled: ['sweep-scans'] } });
    expect(await bucketExists('job-added')).toBe(false);
    expect(await queuedJobs()).toBe(0);
    expect(bundle.output()).toBe('');
  });

  it('each invocation records the worker heartbeat the diagnostics read', async () => {
    const bundle = await startBundle('worker', functionEnvironment(database));
    bundles.push(bundle);
    const beat = async () => (await sql<{ beat_at: Date }>`select beat_at from worker_heartbeats where worker = 'scheduled'`.execute(database.db)).rows[0]?.beat_at;
    const before = Date.now();
    expect((await bundle.invoke(scheduledEvent('2026-03-01T13:12:00Z'))).kind).toBe('result');
    const first = await beat();
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await new Promise((r) => setTimeout(r, 20));
    expect((await bundle.invoke(scheduledEvent('2026-03-01T13:13:00Z'))).kind).toBe('result');
    expect((await beat())!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it('on a tick the crontab names, queues that job and runs it in the same invocation', async () => {
    await expiredBucket('cron-tick');
    const bundle = await startBundle('worker', functionEnvironment(database));
    bundles.push(bundle);
    const quiet = await bundle.invoke(scheduledEvent('2026-03-01T13:19:00Z'));
    // The scan sweep runs every minute; the prune every ten.
    expect(quiet).toEqual({ kind: 'result', value: { tick: '2026-03-01T13:19:00.000Z', scheduled: ['sweep-scans'] } });
    expect(await bucketExists('cron-tick')).toBe(true);

    const due = await bundle.invoke(scheduledEvent('2026-03-01T13:20:00Z'));
    expect(due).toEqual({ kind: 'result', value: { tick: '2026-03-01T13:20:00.000Z', scheduled: ['prune-expired-rows', 'sweep-scans'] } });
    expect(await bucketExists('cron-tick')).toBe(false);
    expect(await queuedJobs()).toBe(0);
  });
});
