import type { Task } from 'graphile-worker';
import { getServiceRuntime } from '../lib/platform/runtime/service-runtime';
import { extractScan } from '../lib/features/scans/extract-scan';
import { openScanInput } from '../lib/features/scans/open-scan-input';
import { runScan } from '../lib/features/scans/run-scan';
import { runScanTask } from '../lib/features/scans/scan-store';

export { runScanTask };

/**
 * Carries out one queued scan (docs/sources.md "Scans"). Idempotent: a scan
 * that is no longer queued is left alone; one waiting for a slot of its host
 * is queued again by `runScan` itself.
 */
export const runScanJob: Task = async (payload, helpers) => {
  const scanId = (payload as { scanId?: unknown } | null)?.scanId;
  if (typeof scanId !== 'string') {
    helpers.logger.error(`run-scan without a scan ID: ${JSON.stringify(payload)}`);
    return;
  }
  const runtime = await getServiceRuntime();
  const outcome = await runScan(
    {
      db: runtime.db,
      profile: runtime.config.profile,
      now: runtime.now,
      log: runtime.log,
      maxRunningPerHost: runtime.config.importWorker.maxRunningPerHost,
      openInput: (scan) => openScanInput({ db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile, sourcesRoot: runtime.config.sourcesRoot, newRelicGraphqlUrl: runtime.config.newRelicGraphqlUrl }, scan),
      extract: (scan, input, signal) => extractScan(scan, input, signal),
    },
    scanId,
  );
  helpers.logger.debug(`scan ${scanId}: ${outcome}`);
};
