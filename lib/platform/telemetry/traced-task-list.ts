import type { Task, TaskList } from 'graphile-worker';
import { traceJob } from './telemetry';

/**
 * The task list with every task run inside its own job span (a no-op wrapper
 * while telemetry is off). Used by both workers: the local runner and the
 * scheduled worker function.
 */
export function tracedTaskList(tasks: TaskList): TaskList {
  const traced: TaskList = {};
  for (const [name, task] of Object.entries(tasks) as [string, Task][]) {
    traced[name] = (payload, helpers) =>
      traceJob({ task: name, jobId: String(helpers.job.id), attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts }, async () => task(payload, helpers));
  }
  return traced;
}
