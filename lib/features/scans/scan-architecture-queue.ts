/**
 * Queueing the job that groups a completed scan's facts into services
 * (docs/ai-proposals.md "Architecture from a scan"). The scan's own
 * transaction only adds the job, and only while `ai.taskRouting.inferArchitecture`
 * names an enabled provider; the job asks the provider later, outside it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import type { SettingsDocument } from '../settings/settings-schema';
import { effectiveWorkspaceSettings } from '../settings/settings-service';

type Db = Kysely<Database> | Transaction<Database>;

/** The queue task that asks the provider about one scan. */
export const inferArchitectureFromScanTask = 'infer-architecture-from-scan';

/** Runs of one job: a database error is tried again this often; an unavailable provider never is. */
const jobMaxAttempts = 5;

/** Times a job put off by the provider's `requestsPerMinute` is queued again before it gives up. */
export const maxRateLimitDeferrals = 3;

/** The job's payload. */
export interface ScanArchitectureJob {
  scanId: string;
  /** How often this scan's job was put off by `requestsPerMinute` so far. */
  deferrals: number;
}

/** True when the settings send `inferArchitecture` to an enabled provider. */
export function routesArchitectureInference(settings: Pick<SettingsDocument, 'ai'>): boolean {
  const providerId = settings.ai.taskRouting.inferArchitecture;
  return providerId !== null && settings.ai.providers.some((p) => p.id === providerId && p.enabled);
}

/** Adds the job (at `runAt`, or now); its job key keeps one job per scan waiting at a time. */
export async function queueScanArchitectureJob(db: Db, job: ScanArchitectureJob, runAt: Date | null): Promise<void> {
  await sql`select graphile_worker.add_job(
    identifier => ${inferArchitectureFromScanTask}, payload => ${JSON.stringify(job)}::json,
    run_at => ${runAt ? runAt.toISOString() : null}::timestamptz, max_attempts => ${jobMaxAttempts}::int,
    job_key => ${`infer-architecture:${job.scanId}`})`.execute(db);
}

export interface CompletedScan {
  scanId: string;
  workspaceId: string;
  profile: Profile;
  /** A pull request's scan is for its impact report, not for the model's shape. */
  pullRequest: number | null;
  /** Whether the scan found any element: with none there is nothing to group. */
  hasElements: boolean;
}

/**
 * In the transaction that marks a scan completed: adds the job when the scan found elements, is
 * not a pull request's, and the workspace's effective settings route `inferArchitecture` now.
 * Answers whether it did.
 */
export async function queueScanArchitectureIfRouted(trx: Transaction<Database>, scan: CompletedScan): Promise<boolean> {
  if (!scan.hasElements || scan.pullRequest !== null) return false;
  const settings = await effectiveWorkspaceSettings({ db: trx, profile: scan.profile }, scan.workspaceId);
  if (!routesArchitectureInference(settings)) return false;
  await queueScanArchitectureJob(trx, { scanId: scan.scanId, deferrals: 0 }, null);
  return true;
}
