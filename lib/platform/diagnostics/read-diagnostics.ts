import { sql, type Kysely } from 'kysely';
import { pendingMigrations } from '../db/migrate-database';
import type { Database } from '../db/schema';
import { heartbeatRecentWithinMs, latestWorkerHeartbeat } from './worker-heartbeat';
import type { Diagnostics } from '../../../contracts/account';

/** The answer of `GET /api/instance/diagnostics` (members explained in docs/operations.md). */
export type InstanceDiagnostics = Diagnostics;

/** Runs one check; a failure of any kind reads as "not reachable" rather than failing the whole answer. */
async function attempt<T>(check: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await check() };
  } catch {
    return { ok: false };
  }
}

/**
 * What an operator checks after an upgrade (part 2 "Versioning"): pending
 * migrations, database and event store reachability, plus the job queue and
 * the worker's last heartbeat. Each check is independent, so one failing
 * leaves the others readable; `now` decides whether the heartbeat is recent.
 */
export async function readInstanceDiagnostics(db: Kysely<Database>, now: Date): Promise<InstanceDiagnostics> {
  const [database, pending, eventStore, queue, heartbeat] = await Promise.all([
    attempt(() => sql`select 1`.execute(db)),
    attempt(() => pendingMigrations(db)),
    attempt(() => sql`select (select 1 from model_streams limit 1), (select 1 from model_changes limit 1)`.execute(db)),
    attempt(async () => {
      const result = await sql<{ queued: number; locked: number }>`
        select count(*) filter (where locked_at is null and attempts < max_attempts)::int as queued,
               count(*) filter (where locked_at is not null)::int as locked
        from graphile_worker.jobs`.execute(db);
      return result.rows[0]!;
    }),
    attempt(() => latestWorkerHeartbeat(db)),
  ]);
  const beat = heartbeat.ok ? heartbeat.value : null;
  return {
    pendingMigrations: pending.ok ? pending.value : null,
    database: { reachable: database.ok },
    eventStore: { reachable: eventStore.ok },
    jobQueue: queue.ok ? { reachable: true, queued: queue.value.queued, locked: queue.value.locked } : { reachable: false, queued: null, locked: null },
    worker: {
      lastHeartbeatAt: beat ? beat.beatAt.toISOString() : null,
      lastWorker: beat ? beat.worker : null,
      recent: beat !== null && now.getTime() - beat.beatAt.getTime() <= heartbeatRecentWithinMs,
    },
  };
}
