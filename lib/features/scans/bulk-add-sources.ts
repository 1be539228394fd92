import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { BulkAddItem, BulkAddResult } from '../../../contracts/sources';
import { ConflictError, ValidationError } from '../../platform/errors/service-error';
import { problemOf } from '../../platform/http/service-error-problem';
import { assertKindAvailable, checkRepository, parseSourceKind } from '../sources/create-source';
import { isGitHostKind } from '../sources/source-kinds';
import type { bulkAddRequest } from '../sources/source-requests';
import { sourceSlug } from '../sources/source-slug';
import { findSourceBySlug, insertSource } from '../sources/source-store';
import { requestSourceScan, type ScanRequestContext } from './request-scan';

/**
 * POST P/sources/bulk: a Source per repository of one git host, named after
 * the repository, each with a scan queued at `ref`. Each repository is
 * answered on its own: one refused (a bad name, the daily limit) leaves the
 * others done. The per-host worker limit keeps the scans under the host's
 * rate limit (part 2 "Limits").
 */
export async function bulkAddSources(context: ScanRequestContext, project: { id: string; workspaceId: string }, request: z.infer<typeof bulkAddRequest>): Promise<BulkAddResult> {
  const kind = parseSourceKind(request.kind);
  if (!isGitHostKind(kind)) throw new ValidationError('Invalid request body', [{ field: 'kind', message: 'must be github, gitlab, bitbucket or azureDevOps' }]);
  if (request.repositories === null) throw new ValidationError('Invalid request body', [{ field: 'repositories', message: 'must not be null' }]);
  assertKindAvailable(kind, context);
  const items: BulkAddItem[] = [];
  for (const [index, raw] of [...new Set(request.repositories)].entries()) {
    try {
      const repository = checkRepository(kind, raw, `repositories[${index}]`)!;
      const slug = sourceSlug(repository);
      let source = await findSourceBySlug(context.db, project.id, slug);
      let status: BulkAddItem['status'] = 'exists';
      if (!source) {
        await insertSource(context.db, { id: randomUUID(), projectId: project.id, kind, name: repository, slug, repository, path: null, accountId: null, region: null, createdBy: context.actor, at: context.now });
        source = await findSourceBySlug(context.db, project.id, slug);
        status = 'added';
      }
      if (!source || source.kind !== kind || source.repository !== repository) throw new ConflictError('Source name in use', `A Source named like ${repository} reads something else.`);
      const scanId = await requestSourceScan(context, project, source, { ref: request.ref ?? null, includePaths: null, excludePaths: null, pullRequest: null });
      items.push({ repository: raw, status, sourceId: source.id, scanId, error: null });
    } catch (error) {
      const problem = problemOf(error);
      if (!problem) throw error;
      items.push({ repository: raw, status: 'refused', sourceId: null, scanId: null, error: { status: problem.status, type: problem.type, message: problem.detail } });
    }
  }
  return { items };
}
