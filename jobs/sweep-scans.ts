import type { Task } from 'graphile-worker';
import { getServiceRuntime } from '../lib/platform/runtime/service-runtime';
import { failScanIfWorkerGone } from '../lib/features/scans/scan-lifecycle';

/** The queue task name. */
export const sweepScansTask = 'sweep-scans';

/**
 * Every minute: a running scan whose worker stopped writing its heartbeat
 * (a stopped or killed process) is queued again, or failed after its last
 * attempt (docs/sources.md "A worker that dies"). Idempotent.
 */
export const sweepScansJob: Task = async (_payload, helpers) => {
  const runtime = await getServiceRuntime();
  const swept = await failScanIfWorkerGone(runtime.db, null, runtime.now());
  if (swept > 0) helpers.logger.info(`${swept} scan(s) whose worker stopped were queued again or failed`);
};
