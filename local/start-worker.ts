import { run, type Runner, Logger as WorkerLogger } from 'graphile-worker';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { crontab, taskList } from '../jobs/task-list';
import type { Database } from '../lib/platform/db/schema';
import { localHeartbeatIntervalMs, recordWorkerHeartbeat } from '../lib/platform/diagnostics/worker-heartbeat';
import type { Logger } from '../lib/platform/runtime/logger';
import { tracedTaskList } from '../lib/platform/telemetry/traced-task-list';

/**
 * Runs the job queue in this process (the single-container self-host). Signals
 * are ours to handle: the shutdown stops the runner before the pool and the
 * database. While the runner runs, a heartbeat is recorded every few seconds
 * for the diagnostics (docs/operations.md).
 */
export async function startWorker(database: { pool: pg.Pool; db: Kysely<Database> }, concurrency: number, log: Logger): Promise<Runner> {
  const logger = new WorkerLogger(() => (level, message) => {
    if (level === 'error') log.error(`worker: ${message}`);
    else if (level === 'warning') log.warn(`worker: ${message}`);
    else log.debug(`worker: ${message}`);
  });
  const runner = await run({ pgPool: database.pool, concurrency, taskList: tracedTaskList(taskList), crontab, noHandleSignals: true, logger, pollInterval: 1000 });
  let running = true;
  const beat = () => {
    if (!running) return;
    recordWorkerHeartbeat(database.db, 'local', new Date()).catch((error: unknown) => log.debug(`worker heartbeat not recorded: ${(error as Error).message}`));
  };
  beat();
  const timer = setInterval(beat, localHeartbeatIntervalMs);
  timer.unref();
  const stopBeating = () => {
    running = false;
    clearInterval(timer);
  };
  // The runner's promise settles when it stops (before the pool ends) or fails.
  runner.promise.then(stopBeating, stopBeating);
  return runner;
}
