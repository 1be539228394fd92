import { Logger as WorkerLogger, runOnce } from 'graphile-worker';
import { sql } from 'kysely';
import { recordWorkerHeartbeat } from '../lib/platform/diagnostics/worker-heartbeat';
import type { Logger } from '../lib/platform/runtime/logger';
import { getServiceRuntime, type ServiceRuntime } from '../lib/platform/runtime/service-runtime';
import { flushTelemetry, startTelemetryOnce } from '../lib/platform/telemetry/telemetry';
import { tracedTaskList } from '../lib/platform/telemetry/traced-task-list';
import { dueCronItems, minuteOf } from './due-cron-items';
import { crontab, taskList } from './task-list';

/** What EventBridge sends on a schedule; only the time is read (absent: now). */
export interface ScheduledWorkerEvent {
  time?: string;
}

export interface ScheduledWorkerResult {
  /** The tick the crontab was read for (ISO 8601, whole minute). */
  tick: string;
  /** Tasks the crontab queued for that tick. */
  scheduled: string[];
}

const tracedTasks = tracedTaskList(taskList);

function workerLoggerOf(log: Logger): WorkerLogger {
  return new WorkerLogger(() => (level, message) => {
    if (level === 'error') log.error(`worker: ${message}`);
    else if (level === 'warning') log.warn(`worker: ${message}`);
    else log.debug(`worker: ${message}`);
  });
}

/**
 * Queues the crontab's jobs due at `tick`, as graphile-worker's own cron would.
 * The job key makes a second invocation for the same tick (EventBridge delivers
 * at least once) find the job still queued and add nothing; every task is
 * idempotent for the rare case that the first already finished.
 */
async function queueDueCronJobs(runtime: ServiceRuntime, tick: Date): Promise<string[]> {
  const due = dueCronItems(crontab, tick);
  const ts = tick.toISOString();
  for (const item of due) {
    const payload = JSON.stringify({ ...item.payload, _cron: { ts, backfilled: false } });
    await sql`select graphile_worker.add_job(
      identifier => ${item.task}, payload => ${payload}::json, run_at => ${ts}::timestamptz,
      job_key => ${`cron:${item.identifier}:${ts}`}, job_key_mode => 'preserve_run_at')`.execute(runtime.db);
  }
  return due.map((item) => item.task);
}

/**
 * The job worker of the function deployment, invoked every minute by an
 * EventBridge schedule (infra/template.yaml, WorkerFunction): queues what the
 * crontab says is due, then runs every job that is ready (graphile-worker's
 * `runOnce`) and returns when the queue holds nothing more to do now. Jobs
 * that fail are retried by a later invocation, with graphile-worker's backoff.
 * Each invocation records the worker's heartbeat first.
 */
export async function handler(event: ScheduledWorkerEvent = {}): Promise<ScheduledWorkerResult> {
  await startTelemetryOnce(process.env);
  try {
    const runtime = await getServiceRuntime();
    const tick = minuteOf(event.time ? new Date(event.time) : runtime.now());
    // One beat per invocation: the diagnostics tell whether the schedule still runs (docs/operations.md).
    await recordWorkerHeartbeat(runtime.db, 'scheduled', runtime.now());
    const scheduled = await queueDueCronJobs(runtime, tick);
    await runOnce({ pgPool: runtime.pool, taskList: tracedTasks, concurrency: 1, noHandleSignals: true, logger: workerLoggerOf(runtime.log) });
    return { tick: tick.toISOString(), scheduled };
  } finally {
    // The function may be frozen as soon as it returns: export the job spans and logs now.
    await flushTelemetry();
  }
}
