import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import { ConflictError, LimitReachedError, ValidationError } from '../../platform/errors/service-error';
import type { SettingsDocument } from '../settings/settings-schema';
import { assertKindAvailable, checkRepository, parseSourceKind } from '../sources/create-source';
import { isGitHostKind } from '../sources/source-kinds';
import type { StartSourceScanRequest } from '../sources/source-requests';
import type { SourceRecord } from '../sources/source-store';
import { scanLimitsOf, type ScanRequestRecord } from './scan-limits-record';
import { countScansSince, insertQueuedScan } from './scan-store';

export interface ScanRequestContext {
  db: Kysely<Database>;
  profile: Profile;
  sourcesRoot: string | null;
  settings: SettingsDocument;
  actor: string;
  now: Date;
}

/** The start of the UTC day `now` is in: the daily scan limit counts from there. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** 429 when the workspace has used `usage.maxScansPerDay` today (UTC), with the seconds until midnight UTC. */
export async function assertScanAllowance(db: Kysely<Database> | Transaction<Database>, workspaceId: string, settings: SettingsDocument, now: Date): Promise<void> {
  const max = settings.usage.maxScansPerDay;
  const dayStart = startOfUtcDay(now);
  const used = await countScansSince(db, workspaceId, dayStart);
  if (used < max) return;
  const retryAfter = Math.max(1, Math.ceil((dayStart.getTime() + 86_400_000 - now.getTime()) / 1000));
  throw new LimitReachedError(
    'rate_limited',
    'Daily scan limit reached',
    `This workspace may request ${max} scan${max === 1 ? '' : 's'} per day (usage.maxScansPerDay); ${used} were requested today (UTC).`,
    retryAfter,
  );
}

/**
 * Serialises the scan requests of a workspace for the rest of the
 * transaction (so two at once cannot both take the last scan of the day),
 * then checks the allowance. Every way a scan is requested calls this.
 */
export async function takeScanAllowance(trx: Transaction<Database>, workspaceId: string, settings: SettingsDocument, now: Date): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`scan-allowance:${workspaceId}`}))`.execute(trx);
  await assertScanAllowance(trx, workspaceId, settings, now);
}

/** A path of includePaths / excludePaths: relative to the repository root, `/`-separated, no `..`. */
export function normaliseScopePath(path: string): string | null {
  if (path.includes('\0') || path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\')) return null;
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) return null;
  return parts.join('/');
}

function scopeList(list: string[] | null, field: string): string[] {
  const out: string[] = [];
  (list ?? []).forEach((path, index) => {
    const normal = normaliseScopePath(path);
    if (normal === null) throw new ValidationError('Invalid request body', [{ field: `${field}[${index}]`, message: 'must be a path relative to the repository root without ..' }]);
    if (normal !== '') out.push(normal);
  });
  return [...new Set(out)];
}

/** Kinds whose scans come from elsewhere than POST …/scans. */
const notScannedHere: Partial<Record<string, string>> = {
  archive: 'An archive Source is scanned by uploading the archive to POST …/sources/{sourceId}/archive.',
  upload: 'An upload Source is scanned by POST …/sources/upload.',
  push: 'A push Source receives its snapshots from the svc command-line tool (POST …/sources/push).',
};

/**
 * POST P/sources/{sourceId}/scans: checks the request and the workspace's
 * allowance, records the import limits that apply now, and queues the scan.
 */
export async function requestSourceScan(context: ScanRequestContext, project: { id: string; workspaceId: string }, source: SourceRecord, request: StartSourceScanRequest): Promise<string> {
  const kind = parseSourceKind(source.kind);
  const elsewhere = notScannedHere[kind];
  if (elsewhere) throw new ConflictError('This Source is not scanned this way', elsewhere);
  assertKindAvailable(kind, context);
  const pullRequest = request.pullRequest === null || request.pullRequest === undefined ? null : Number(request.pullRequest);
  if (pullRequest !== null && !isGitHostKind(kind)) throw new ValidationError('Invalid request body', [{ field: 'pullRequest', message: 'is for git host Sources only' }]);
  if (request.ref !== null && !isGitHostKind(kind)) throw new ValidationError('Invalid request body', [{ field: 'ref', message: 'is for git host Sources only' }]);
  const record: ScanRequestRecord = {
    repository: source.repository,
    ref: request.ref,
    includePaths: scopeList(request.includePaths, 'includePaths'),
    excludePaths: scopeList(request.excludePaths, 'excludePaths'),
    pullRequest,
  };
  return queueScan(context, project, { sourceId: source.id, host: isGitHostKind(kind) ? kind : null, request: record });
}

/** POST P/imports: a scan of a repository of a git host, named in the request, without a Source. */
export async function requestRepositoryScan(context: ScanRequestContext, project: { id: string; workspaceId: string }, kindText: string, request: StartSourceScanRequest & { repository: string | null }): Promise<string> {
  const kind = parseSourceKind(kindText);
  assertKindAvailable(kind, context);
  const repository = checkRepository(kind, request.repository);
  const pullRequest = request.pullRequest === null || request.pullRequest === undefined ? null : Number(request.pullRequest);
  return queueScan(context, project, {
    sourceId: null,
    host: kind,
    request: { repository, ref: request.ref, includePaths: scopeList(request.includePaths, 'includePaths'), excludePaths: scopeList(request.excludePaths, 'excludePaths'), pullRequest },
  });
}

async function queueScan(context: ScanRequestContext, project: { id: string; workspaceId: string }, scan: { sourceId: string | null; host: string | null; request: ScanRequestRecord }): Promise<string> {
  const id = randomUUID();
  await context.db.transaction().execute(async (trx) => {
    await takeScanAllowance(trx, project.workspaceId, context.settings, context.now);
    await insertQueuedScan(trx, { id, projectId: project.id, workspaceId: project.workspaceId, sourceId: scan.sourceId, host: scan.host, request: scan.request, limits: scanLimitsOf(context.settings), requestedBy: context.actor, at: context.now });
  });
  return id;
}

