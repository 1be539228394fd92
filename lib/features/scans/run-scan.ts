import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/runtime/logger';
import { beatScan, claimScan, failScan, scanHeartbeatMs } from './scan-lifecycle';
import type { ScanLimits, ScanRequestRecord } from './scan-limits-record';
import type { ScanExtraction, ScanInput } from './scan-input';
import { queueScanJob } from './scan-store';
import { storeScanResult } from './store-scan-result';

/** The scan as the worker needs it. */
export interface ScanJob {
  id: string;
  projectId: string;
  workspaceId: string;
  sourceId: string | null;
  host: string | null;
  request: ScanRequestRecord;
  limits: ScanLimits;
}

export interface ScanDependencies {
  db: Kysely<Database>;
  profile: Profile;
  now(): Date;
  log: Logger;
  maxRunningPerHost: number;
  /** Opens what the scan reads (folder, archive, git host). Throws an Error whose message a person can act on. */
  openInput(scan: ScanJob, signal: AbortSignal): Promise<ScanInput>;
  /** Runs the extraction rules over the input under the scan's limits and scope. */
  extract(scan: ScanJob, input: ScanInput, signal: AbortSignal): Promise<ScanExtraction>;
}

/** A scan waiting for a slot of its host is looked at again after this long. */
const hostBusyRetryMs = 2_000;

export type RunScanOutcome = 'completed' | 'failed' | 'cancelled' | 'requeued' | 'not-queued';

async function loadScanJob(db: Kysely<Database>, scanId: string): Promise<ScanJob | undefined> {
  const row = await db.selectFrom('scans').select(['id', 'project_id', 'workspace_id', 'source_id', 'host', 'request', 'limits']).where('id', '=', scanId).executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, projectId: row.project_id, workspaceId: row.workspace_id, sourceId: row.source_id, host: row.host, request: row.request as ScanRequestRecord, limits: row.limits as ScanLimits };
}

/**
 * Carries out one queued scan (the `run-scan` job): takes it (or waits for a
 * slot of its host), keeps its heartbeat while it reads, stops when it is
 * cancelled, stores the result in one transaction, or fails it with a
 * message. Idempotent: a scan that is not queued is left alone, so a
 * repeated job does nothing.
 */
export async function runScan(deps: ScanDependencies, scanId: string): Promise<RunScanOutcome> {
  const claim = await claimScan(deps.db, scanId, deps.maxRunningPerHost, deps.now());
  if (!claim.claimed) {
    if (claim.reason === 'host-busy') {
      await queueScanJob(deps.db, scanId, new Date(deps.now().getTime() + hostBusyRetryMs));
      return 'requeued';
    }
    return 'not-queued';
  }
  const scan = (await loadScanJob(deps.db, scanId))!;
  const abort = new AbortController();
  const heartbeat = setInterval(() => {
    beatScan(deps.db, scanId, deps.now()).then(
      (alive) => {
        if (!alive) abort.abort(new Error('cancelled'));
      },
      (error: unknown) => deps.log.warn(`scan ${scanId}: heartbeat not recorded: ${(error as Error).message}`),
    );
  }, scanHeartbeatMs);
  heartbeat.unref();
  let input: ScanInput | undefined;
  try {
    input = await deps.openInput(scan, abort.signal);
    const extraction = await deps.extract(scan, input, abort.signal);
    if (abort.signal.aborted) return 'cancelled';
    const stored = await storeScanResult(deps.db, { profile: deps.profile, scanId, projectId: scan.projectId, sourceId: scan.sourceId, commitSha: input.commitSha, extraction, at: deps.now() });
    return stored ? 'completed' : 'cancelled';
  } catch (error) {
    if (abort.signal.aborted) return 'cancelled';
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn(`scan ${scanId} failed: ${message}`);
    await failScan(deps.db, scanId, message, deps.now());
    return 'failed';
  } finally {
    clearInterval(heartbeat);
    await input?.close().catch(() => undefined);
  }
}
