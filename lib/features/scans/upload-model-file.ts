import { randomUUID } from 'node:crypto';
import type { ModelFileUploaded } from '../../../contracts/sources';
import { z } from 'zod';
import { displayName, storedText } from '../../platform/http/common-schemas';
import { ConflictError, ValidationError } from '../../platform/errors/service-error';
import { sourceSlug } from '../sources/source-slug';
import { findSourceBySlug, insertSource } from '../sources/source-store';
import { normaliseScopePath, takeScanAllowance, type ScanRequestContext } from './request-scan';
import { scanLimitsOf } from './scan-limits-record';
import { insertQueuedScan } from './scan-store';

/** UploadModelFileRequest of part 2: `path` and `content` required, `name` (of the upload Source) optional. */
export const uploadModelFileRequest = z.strictObject({
  path: displayName(1000).nullable(),
  content: storedText(16_000_000).nullable(),
  name: displayName(200).nullable().optional(),
});
export type UploadModelFileRequest = z.infer<typeof uploadModelFileRequest>;

/** The name of the upload Source when the request names none. */
export const defaultUploadSourceName = 'Uploaded files';

/**
 * POST P/sources/upload: keeps a model file (an OpenAPI or AsyncAPI document,
 * a JSON Schema, a manifest…) in an `upload` Source, found or created by the
 * slug of `name`, and queues a scan of all its files. A file of the same path
 * is replaced. 409 when the slug is a Source of another kind.
 */
export async function uploadModelFile(context: ScanRequestContext, project: { id: string; workspaceId: string }, request: UploadModelFileRequest): Promise<ModelFileUploaded> {
  if (request.path === null) throw new ValidationError('Invalid request body', [{ field: 'path', message: 'must not be null' }]);
  if (request.content === null) throw new ValidationError('Invalid request body', [{ field: 'content', message: 'must not be null' }]);
  const path = normaliseScopePath(request.path);
  if (path === null || path === '') throw new ValidationError('Invalid request body', [{ field: 'path', message: 'must be a file path relative to the Source, without ..' }]);
  const limits = scanLimitsOf(context.settings);
  const bytes = Buffer.byteLength(request.content, 'utf8');
  if (bytes > limits.maxFileBytes) throw new ValidationError('Invalid request body', [{ field: 'content', message: `is ${bytes} bytes; import.maxFileBytes is ${limits.maxFileBytes}` }]);
  const name = request.name ?? defaultUploadSourceName;
  const slug = sourceSlug(name);
  const scanId = randomUUID();
  const sourceId = await context.db.transaction().execute(async (trx) => {
    await takeScanAllowance(trx, project.workspaceId, context.settings, context.now);
    let source = await findSourceBySlug(trx, project.id, slug);
    if (!source) {
      const id = randomUUID();
      await insertSource(trx, { id, projectId: project.id, kind: 'upload', name, slug, repository: null, path: null, accountId: null, region: null, createdBy: context.actor, at: context.now });
      source = await findSourceBySlug(trx, project.id, slug);
    }
    if (source?.kind !== 'upload') throw new ConflictError('Source name in use', `The Source "${source?.name ?? name}" is a ${source?.kind ?? 'other'} Source; name another.`, [{ field: 'name', message: `its slug "${slug}" is a Source of another kind` }]);
    await trx
      .insertInto('source_files')
      .values({ source_id: source.id, path, content: request.content!, updated_by: context.actor, updated_at: context.now })
      .onConflict((oc) => oc.columns(['source_id', 'path']).doUpdateSet({ content: request.content!, updated_by: context.actor, updated_at: context.now }))
      .execute();
    await insertQueuedScan(trx, { id: scanId, projectId: project.id, workspaceId: project.workspaceId, sourceId: source.id, host: null, request: { repository: null, ref: null, includePaths: [], excludePaths: [], pullRequest: null }, limits, requestedBy: context.actor, at: context.now });
    return source.id;
  });
  return { sourceId, scanId, path, state: 'queued' };
}
