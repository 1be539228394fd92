import type { TaskList } from 'graphile-worker';
import { deliverWebhookJob, deliverWebhookTask } from './deliver-webhook';
import { inferArchitectureFromScanJob, inferArchitectureFromScanTask } from './infer-architecture-from-scan';
import { noop } from './noop';
import { pruneExpiredRows } from './prune-expired-rows';
import { reEncryptSecretsJob, reEncryptSecretsTask } from './re-encrypt-secrets';
import { runScanJob, runScanTask } from './run-scan';
import { sweepScansJob, sweepScansTask } from './sweep-scans';

/** Every job the worker runs, by queue task name. Each task is idempotent and safe to retry. */
export const taskList: TaskList = {
  noop,
  'prune-expired-rows': pruneExpiredRows,
  [reEncryptSecretsTask]: reEncryptSecretsJob,
  [sweepScansTask]: sweepScansJob,
  [runScanTask]: runScanJob,
  [deliverWebhookTask]: deliverWebhookJob,
  [inferArchitectureFromScanTask]: inferArchitectureFromScanJob,
};

/**
 * Scheduled jobs (graphile-worker crontab syntax); every instance may run the schedule, graphile-worker runs each tick once.
 * The hourly re-encryption serves the function deployment, which has no start-up to queue it (docs/secrets.md).
 */
export const crontab = ['*/10 * * * * prune-expired-rows', `5 * * * * ${reEncryptSecretsTask}`, `* * * * * ${sweepScansTask}`].join('\n');
