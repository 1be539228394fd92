import type { Task } from 'graphile-worker';

/**
 * Does nothing and succeeds: proves the queue end to end (add → run) and lets
 * an operator check a running worker. Idempotent by construction.
 */
export const noop: Task = async (_payload, helpers) => {
  helpers.logger.debug('noop job ran');
};
