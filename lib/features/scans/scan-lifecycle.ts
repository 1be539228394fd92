import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ConflictError, NotFoundError } from '../../platform/errors/service-error';
import type { SettingsDocument } from '../settings/settings-schema';
import { takeScanAllowance } from './request-scan';
import { queueScanJob } from './scan-store';

type Db = Kysely<Database> | Transaction<Database>;

/** A running scan's worker writes its heartbeat this often. */
export const scanHeartbeatMs = 5_000;
/** A running scan whose heartbeat is older than this lost its worker (a stopped or killed process). */
export const scanWorkerGoneMs = 60_000;
/** A scan whose worker was lost is queued again this many times, then failed. */
export const maxScanAttempts = 3;

/** POST …/cancel: a queued or running scan becomes `cancelled` (a running one stops at its next heartbeat). */
export async function cancelScan(db: Db, projectId: string, scanId: string, now: Date): Promise<{ scanId: string; state: 'cancelled' }> {
  const updated = await db
    .updateTable('scans')
    .set({ state: 'cancelled', finished_at: now, error: 'cancelled' })
    .where('project_id', '=', projectId)
    .where('id', '=', scanId)
    .where('state', 'in', ['queued', 'running'])
    .returning('id')
    .executeTakeFirst();
  if (updated) return { scanId, state: 'cancelled' };
  const scan = await db.selectFrom('scans').select('state').where('project_id', '=', projectId).where('id', '=', scanId).executeTakeFirst();
  if (!scan) throw new NotFoundError('Scan not found');
  throw new ConflictError('Scan already ended', `The scan is ${scan.state}; only a queued or running scan can be cancelled.`);
}

/** POST …/resume: a failed or cancelled scan is queued again (its results so far are dropped), under today's allowance. */
export async function resumeScan(db: Kysely<Database>, input: { projectId: string; workspaceId: string; scanId: string; settings: SettingsDocument; now: Date }): Promise<{ scanId: string; state: 'queued' }> {
  return db.transaction().execute(async (trx) => {
    const scan = await trx.selectFrom('scans').select('state').where('project_id', '=', input.projectId).where('id', '=', input.scanId).forUpdate().executeTakeFirst();
    if (!scan) throw new NotFoundError('Scan not found');
    if (scan.state !== 'failed' && scan.state !== 'cancelled') throw new ConflictError('Scan not resumable', `The scan is ${scan.state}; only a failed or cancelled scan can be resumed.`);
    await takeScanAllowance(trx, input.workspaceId, input.settings, input.now);
    await clearScanResults(trx, input.scanId);
    await trx
      .updateTable('scans')
      .set({ state: 'queued', error: null, finished_at: null, started_at: null, heartbeat_at: null, attempts: 0, commit_sha: null, is_complete: null, extraction_gap: null, files_listed: 0, files_read: 0, bytes_read: 0, skipped: '[]' })
      .where('id', '=', input.scanId)
      .execute();
    await queueScanJob(trx, input.scanId, null);
    return { scanId: input.scanId, state: 'queued' as const };
  });
}

/** Drops what a scan stored, before it runs again. */
export async function clearScanResults(db: Db, scanId: string): Promise<void> {
  await db.deleteFrom('proposals').where('scan_id', '=', scanId).execute();
  await db.deleteFrom('scan_facts').where('scan_id', '=', scanId).execute();
  await db.deleteFrom('scan_files').where('scan_id', '=', scanId).execute();
  await db.deleteFrom('snapshots').where('scan_id', '=', scanId).execute();
}

/**
 * A running scan whose heartbeat stopped lost its worker (the process was
 * stopped or killed): it is queued again while attempts remain, else failed.
 * Called by the periodic sweep (every scan) and by POST …/track (one scan of a project).
 */
export async function failScanIfWorkerGone(db: Kysely<Database>, only: { projectId: string; scanId: string } | null, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - scanWorkerGoneMs);
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('scans').select(['id', 'attempts']).where('state', '=', 'running').where('heartbeat_at', '<', cutoff).forUpdate().skipLocked();
    // One scan of one project (POST …/track): a scan ID alone never reaches another project's scan.
    if (only !== null) query = query.where('project_id', '=', only.projectId).where('id', '=', only.scanId);
    const gone = await query.execute();
    for (const scan of gone) {
      if (scan.attempts < maxScanAttempts) {
        await clearScanResults(trx, scan.id);
        await trx.updateTable('scans').set({ state: 'queued', heartbeat_at: null, error: 'the worker running this scan stopped; queued again' }).where('id', '=', scan.id).execute();
        await queueScanJob(trx, scan.id, null);
      } else {
        await trx.updateTable('scans').set({ state: 'failed', finished_at: now, error: `the worker running this scan stopped ${scan.attempts} times` }).where('id', '=', scan.id).execute();
      }
    }
    return gone.length;
  });
}

export type ClaimOutcome = { claimed: true; attempt: number } | { claimed: false; reason: 'not-queued' | 'host-busy' };

/**
 * Takes a queued scan for this worker. A git host scan waits while the
 * workspace already runs `maxRunningPerHost` scans of that host on any
 * instance: the count and the claim happen under one advisory lock per
 * (workspace, host), so two instances never both take the last slot.
 */
export async function claimScan(db: Kysely<Database>, scanId: string, maxRunningPerHost: number, now: Date): Promise<ClaimOutcome> {
  return db.transaction().execute(async (trx) => {
    const scan = await trx.selectFrom('scans').select(['state', 'workspace_id', 'host', 'attempts']).where('id', '=', scanId).forUpdate().executeTakeFirst();
    if (scan?.state !== 'queued') return { claimed: false, reason: 'not-queued' } as const;
    if (scan.host !== null) {
      await sql`select pg_advisory_xact_lock(hashtext(${`scan-host:${scan.workspace_id}:${scan.host}`}))`.execute(trx);
      const running = await trx
        .selectFrom('scans')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('workspace_id', '=', scan.workspace_id)
        .where('host', '=', scan.host)
        .where('state', '=', 'running')
        .where('heartbeat_at', '>=', new Date(now.getTime() - scanWorkerGoneMs))
        .executeTakeFirstOrThrow();
      if (Number(running.n) >= maxRunningPerHost) return { claimed: false, reason: 'host-busy' } as const;
    }
    const attempt = scan.attempts + 1;
    await trx.updateTable('scans').set({ state: 'running', started_at: now, heartbeat_at: now, attempts: attempt, error: null }).where('id', '=', scanId).execute();
    return { claimed: true, attempt } as const;
  });
}

/** Records that the scan is alive; false when it is no longer running (cancelled meanwhile), so the worker stops. */
export async function beatScan(db: Db, scanId: string, now: Date): Promise<boolean> {
  const row = await db.updateTable('scans').set({ heartbeat_at: now }).where('id', '=', scanId).where('state', '=', 'running').returning('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Removes a scan made in its request (a push) whose results could not be
 * stored: a failed upload leaves no scan behind and counts nothing against
 * `usage.maxScansPerDay`.
 */
export async function discardScan(db: Db, scanId: string): Promise<void> {
  await db.deleteFrom('scans').where('id', '=', scanId).where('state', '=', 'running').execute();
}

/** Ends a running scan as failed with a message a person can act on. */
export async function failScan(db: Db, scanId: string, message: string, now: Date): Promise<void> {
  await db.updateTable('scans').set({ state: 'failed', error: message.slice(0, 2000), finished_at: now }).where('id', '=', scanId).where('state', '=', 'running').execute();
}
