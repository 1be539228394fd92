import { run, type Runner, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import { crontab, taskList } from '../jobs/task-list';
import type { Logger } from '../lib/runtime/logger';
import { tracedTaskList } from '../lib/telemetry/traced-task-list';

/**
 * Runs the job queue in this process (the single-container self-host). Signals
 * are ours to handle: the shutdown stops the runner before the pool and the
 * database.
 */
export async function startWorker(pool: pg.Pool, concurrency: number, log: Logger): Promise<Runner> {
  const logger = new WorkerLogger(() => (level, message) => {
    if (level === 'error') log.error(`worker: ${message}`);
    else if (level === 'warning') log.warn(`worker: ${message}`);
    else log.debug(`worker: ${message}`);
  });
  return run({ pgPool: pool, concurrency, taskList: tracedTaskList(taskList), crontab, noHandleSignals: true, logger, pollInterval: 1000 });
}
