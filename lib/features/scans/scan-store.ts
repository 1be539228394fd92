import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ScanState } from '../../platform/db/schema';
import type { Scan, ScanDiagnostics, SkippedFile } from '../../../contracts/scans';
import { NotFoundError } from '../../platform/errors/service-error';
import type { ScanLimits, ScanRequestRecord } from './scan-limits-record';

type Db = Kysely<Database> | Transaction<Database>;

/** The queue task that carries out a scan. */
export const runScanTask = 'run-scan';

/** A scan as GET P/imports answers it (the contract's `Scan`). */
export type ScanRecord = Scan;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toRecord(row: {
  id: string;
  project_id: string;
  source_id: string | null;
  host: string | null;
  state: ScanState;
  request: unknown;
  limits: unknown;
  commit_sha: string | null;
  is_complete: boolean | null;
  extraction_gap: string | null;
  files_listed: number;
  files_read: number;
  bytes_read: string;
  skipped: unknown;
  error: string | null;
  attempts: number;
  requested_by: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}): ScanRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    sourceId: row.source_id,
    host: row.host,
    state: row.state,
    request: row.request as ScanRequestRecord,
    limits: row.limits as ScanLimits,
    commitSha: row.commit_sha,
    isComplete: row.is_complete,
    extractionGap: row.extraction_gap,
    filesListed: row.files_listed,
    filesRead: row.files_read,
    bytesRead: Number(row.bytes_read),
    skippedCount: Array.isArray(row.skipped) ? row.skipped.length : 0,
    error: row.error,
    attempts: row.attempts,
    requestedBy: row.requested_by,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

const columns = [
  'id',
  'project_id',
  'source_id',
  'host',
  'state',
  'request',
  'limits',
  'commit_sha',
  'is_complete',
  'extraction_gap',
  'files_listed',
  'files_read',
  'bytes_read',
  'skipped',
  'error',
  'attempts',
  'requested_by',
  'created_at',
  'started_at',
  'finished_at',
] as const;

export async function findScan(db: Db, projectId: string, scanId: string): Promise<(ScanRecord & { skipped: SkippedFile[]; diagnostics: ScanDiagnostics | null; workspaceId: string }) | undefined> {
  const row = await db.selectFrom('scans').select([...columns, 'diagnostics', 'workspace_id']).where('project_id', '=', projectId).where('id', '=', scanId).executeTakeFirst();
  return row ? { ...toRecord(row), skipped: (row.skipped as SkippedFile[]) ?? [], diagnostics: (row.diagnostics as ScanDiagnostics | null) ?? null, workspaceId: row.workspace_id } : undefined;
}

/** The state and Source of the scan named in a path, of this project; 404 for none (another project's scan included). */
export async function scanOfProject(db: Db, projectId: string, scanId: string): Promise<{ id: string; state: ScanState; sourceId: string | null }> {
  const scan = await db.selectFrom('scans').select(['id', 'state', 'source_id']).where('project_id', '=', projectId).where('id', '=', scanId).executeTakeFirst();
  if (!scan) throw new NotFoundError('Scan not found');
  return { id: scan.id, state: scan.state, sourceId: scan.source_id };
}

/** Scans of a project, newest first, keyset-paged on (created_at, id). */
export async function listScans(db: Db, projectId: string, page: { limit: number; after: { createdAt: string; id: string } | null }): Promise<ScanRecord[]> {
  let query = db.selectFrom('scans').select(columns).where('project_id', '=', projectId);
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where(sql<boolean>`(created_at, id) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
  return rows.map(toRecord);
}

export interface NewScan {
  id: string;
  projectId: string;
  workspaceId: string;
  sourceId: string | null;
  host: string | null;
  request: ScanRequestRecord;
  limits: ScanLimits;
  requestedBy: string;
  at: Date;
}

function insertScanRow(trx: Transaction<Database>, scan: NewScan, running: boolean) {
  return trx
    .insertInto('scans')
    .values({
      id: scan.id,
      project_id: scan.projectId,
      workspace_id: scan.workspaceId,
      source_id: scan.sourceId,
      host: scan.host,
      state: running ? 'running' : 'queued',
      request: JSON.stringify(scan.request),
      limits: JSON.stringify(scan.limits),
      requested_by: scan.requestedBy,
      created_at: scan.at,
      ...(running ? { started_at: scan.at, heartbeat_at: scan.at, attempts: 1 } : {}),
    })
    .execute();
}

/** Stores a queued scan and its job in one transaction, so a scan is never queued without its job or the reverse. */
export async function insertQueuedScan(trx: Transaction<Database>, scan: NewScan): Promise<void> {
  await insertScanRow(trx, scan, false);
  await queueScanJob(trx, scan.id, null);
}

/** Stores a scan that the request itself carries out (a push, a trace file): running, with its first heartbeat. */
export async function insertRunningScan(trx: Transaction<Database>, scan: NewScan): Promise<void> {
  await insertScanRow(trx, scan, true);
}

/** Adds the job that runs a scan (at `runAt`, or now). */
export async function queueScanJob(db: Db, scanId: string, runAt: Date | null): Promise<void> {
  await sql`select graphile_worker.add_job(identifier => ${runScanTask}, payload => ${JSON.stringify({ scanId })}::json, run_at => ${runAt ? runAt.toISOString() : null}::timestamptz, max_attempts => 3)`.execute(db);
}

/** Scans of a workspace requested since `since` (the daily limit). */
export async function countScansSince(db: Db, workspaceId: string, since: Date): Promise<number> {
  const row = await db.selectFrom('scans').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).where('created_at', '>=', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest completed scan of a Source, or undefined. */
export async function latestCompletedScanOf(db: Db, sourceId: string): Promise<string | undefined> {
  const row = await db.selectFrom('scans').select('id').where('source_id', '=', sourceId).where('state', '=', 'completed').orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}
