import type { Task } from 'graphile-worker';
import { inferArchitectureFromScan } from '../lib/features/ai-proposals/infer-architecture-from-scan';
import { inferArchitectureFromScanTask, maxRateLimitDeferrals, queueScanArchitectureJob } from '../lib/features/scans/scan-architecture-queue';
import { getServiceRuntime } from '../lib/platform/runtime/service-runtime';

export { inferArchitectureFromScanTask };

/**
 * Groups a completed scan's facts into services through the provider routed for
 * `inferArchitecture` (docs/ai-proposals.md "Architecture from a scan"). Idempotent: a scan with
 * its proposal is left alone. An unavailable provider ends the job quietly (the call record says
 * why); `requestsPerMinute` puts it off a few times; only a database error fails it, so that the
 * queue tries again.
 */
export const inferArchitectureFromScanJob: Task = async (payload, helpers) => {
  const job = payload as { scanId?: unknown; deferrals?: unknown } | null;
  if (typeof job?.scanId !== 'string') {
    helpers.logger.error(`${inferArchitectureFromScanTask} without a scan ID: ${JSON.stringify(payload)}`);
    return;
  }
  const scanId = job.scanId;
  const deferrals = typeof job.deferrals === 'number' ? job.deferrals : 0;
  const runtime = await getServiceRuntime();
  const outcome = await inferArchitectureFromScan(runtime, scanId);
  switch (outcome.kind) {
    case 'rate-limited':
      if (deferrals < maxRateLimitDeferrals) {
        await queueScanArchitectureJob(runtime.db, { scanId, deferrals: deferrals + 1 }, new Date(runtime.now().getTime() + outcome.retryAfterSeconds * 1000));
        helpers.logger.info(`scan ${scanId}: architecture inference put off ${outcome.retryAfterSeconds} s (requestsPerMinute)`);
      } else runtime.log.warn(`scan ${scanId}: architecture inference given up after ${deferrals} waits for requestsPerMinute`);
      return;
    case 'unavailable':
      runtime.log.warn(`scan ${scanId}: no architecture proposal, AI unavailable (${outcome.reason}${outcome.callId === null ? '' : `, call ${outcome.callId}`})`);
      return;
    case 'refused':
      runtime.log.warn(`scan ${scanId}: no architecture proposal: ${outcome.detail}`);
      return;
    default:
      helpers.logger.debug(`scan ${scanId}: architecture inference ${outcome.kind}`);
  }
};
