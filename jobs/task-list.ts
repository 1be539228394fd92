import type { TaskList } from 'graphile-worker';
import { noop } from './noop';
import { pruneExpiredRows } from './prune-expired-rows';

/** Every job the worker runs, by queue task name. Each task is idempotent and safe to retry. */
export const taskList: TaskList = {
  noop,
  'prune-expired-rows': pruneExpiredRows,
};

/** Scheduled jobs (graphile-worker crontab syntax); every instance may run the schedule, graphile-worker runs each tick once. */
export const crontab = ['*/10 * * * * prune-expired-rows'].join('\n');
