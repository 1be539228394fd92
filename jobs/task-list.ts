import type { TaskList } from 'graphile-worker';
import { noop } from './noop';

/** Every job the worker runs, by queue task name. Each task is idempotent and safe to retry. */
export const taskList: TaskList = {
  noop,
};
