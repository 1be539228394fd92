import { randomUUID } from 'node:crypto';
import type { ArchiveUploaded } from '../../../contracts/sources';
import { isArchiveError } from '../sources/archive/archive-errors';
import { detectArchiveFormat } from '../sources/archive/detect-archive-format';
import { readArchive } from '../sources/archive/read-archive';
import { ConflictError, RefusedError, ValidationError } from '../../platform/errors/service-error';
import type { SourceRecord } from '../sources/source-store';
import { takeScanAllowance, type ScanRequestContext } from './request-scan';
import { scanLimitsOf } from './scan-limits-record';
import { insertQueuedScan } from './scan-store';

/**
 * POST P/sources/{sourceId}/archive: the whole archive is expanded once here,
 * entry by entry with nothing kept, counting the bytes actually inflated
 * against `import.maxArchiveBytes` and refusing path traversal, absolute
 * paths, links, devices and FIFOs; a refused
 * archive stores nothing (413 too large, 400 otherwise). An accepted one is
 * kept until its scan has read it.
 */
export async function uploadArchive(context: ScanRequestContext, project: { id: string; workspaceId: string }, source: SourceRecord, body: Buffer): Promise<ArchiveUploaded> {
  if (source.kind !== 'archive') throw new ConflictError('Not an archive Source', `The Source is a ${source.kind} Source; upload archives to an archive Source.`);
  if (body.length === 0) throw new ValidationError('Invalid archive', [{ field: 'body', message: 'must be a zip or tar.gz archive' }]);
  const format = detectArchiveFormat(body.subarray(0, 263));
  if (format === null) throw new ValidationError('Invalid archive', [{ field: 'body', message: 'is not a zip, tar or tar.gz archive' }]);
  const limits = scanLimitsOf(context.settings);
  try {
    // Checked to the end, never held: a bomb costs time up to the limit, not memory.
    for await (const entry of readArchive(body, { maxArchiveBytes: limits.maxArchiveBytes, format })) await entry.discard();
  } catch (error) {
    if (!isArchiveError(error)) throw error;
    if (error.kind === 'too-large') throw new RefusedError('payload_too_large', 'Archive too large', error.message);
    throw new ValidationError('Archive refused', [{ field: 'body', message: error.message }], error.message);
  }
  const scanId = randomUUID();
  await context.db.transaction().execute(async (trx) => {
    await takeScanAllowance(trx, project.workspaceId, context.settings, context.now);
    await insertQueuedScan(trx, { id: scanId, projectId: project.id, workspaceId: project.workspaceId, sourceId: source.id, host: null, request: { repository: null, ref: null, includePaths: [], excludePaths: [], pullRequest: null }, limits, requestedBy: context.actor, at: context.now });
    await trx.insertInto('scan_archives').values({ scan_id: scanId, format, content: body }).execute();
  });
  return { scanId, sourceId: source.id, state: 'queued', format };
}
