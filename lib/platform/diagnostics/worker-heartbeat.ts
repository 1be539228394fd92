import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** `local`: the runner inside the single container; `scheduled`: the worker function of a function deployment. */
export type WorkerKind = 'local' | 'scheduled';

/** The local runner beats this often. */
export const localHeartbeatIntervalMs = 5_000;

/**
 * A beat older than this is not recent. The worker function runs once a
 * minute and an EventBridge schedule may deliver up to a minute late, so two
 * and a half minutes cover one late invocation; the local runner beats far
 * more often.
 */
export const heartbeatRecentWithinMs = 150_000;

/** Records that a worker of this kind is alive at `at`. */
export async function recordWorkerHeartbeat(db: Kysely<Database>, worker: WorkerKind, at: Date): Promise<void> {
  await db
    .insertInto('worker_heartbeats')
    .values({ worker, beat_at: at })
    .onConflict((oc) => oc.column('worker').doUpdateSet({ beat_at: at }))
    .execute();
}

export interface WorkerHeartbeat {
  worker: string;
  beatAt: Date;
}

/** The newest beat of any worker, or null when no worker has ever run. */
export async function latestWorkerHeartbeat(db: Kysely<Database>): Promise<WorkerHeartbeat | null> {
  const row = await db.selectFrom('worker_heartbeats').select(['worker', 'beat_at']).orderBy('beat_at', 'desc').limit(1).executeTakeFirst();
  return row ? { worker: row.worker, beatAt: new Date(row.beat_at) } : null;
}
