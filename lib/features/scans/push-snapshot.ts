import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PushResult, PushSettings } from '../../../contracts/sources';
import { extractedFactSchema } from '../../core/extract/extracted-fact';
import { extractionRulesVersion, factFormatVersion } from '../../core/extract/rules-version';
import { scanDiagnosticsSchema } from '../../core/extract/scan-diagnostics';
import { skippedFileSchema } from '../../core/extract/skip-reasons';
import { storableText } from '../../core/extract/storable-text';
import { displayName } from '../../platform/http/common-schemas';
import { ConflictError } from '../../platform/errors/service-error';
import { bodyLimits } from '../../platform/http/route-definition';
import type { SettingsDocument } from '../settings/settings-schema';
import { sourceSlug } from '../sources/source-slug';
import { findSourceBySlug, insertSource } from '../sources/source-store';
import { scanFactOf } from './fact-of-extraction';
import { takeScanAllowance, type ScanRequestContext } from './request-scan';
import { discardScan, scanWorkerGoneMs } from './scan-lifecycle';
import { scanLimitsOf } from './scan-limits-record';
import { insertRunningScan } from './scan-store';
import { storeScanResult } from './store-scan-result';

/** The largest push body (part 2 "Limits": 24 MB, 24 × 1024² bytes as docs/decisions.md reads MB): the route's limit. */
export const maxPushBodyBytes = bodyLimits.push;

/** GET P/sources/push: what a pushing client must agree with before it reads a file. */
export function pushSettings(settings: SettingsDocument): PushSettings {
  const { maxFiles, maxFileBytes, maxTotalBytes, excludeGlobs } = scanLimitsOf(settings);
  return { rulesVersion: extractionRulesVersion, factFormatVersion, limits: { maxFiles, maxFileBytes, maxTotalBytes, excludeGlobs }, maxBodyBytes: maxPushBodyBytes };
}

const repoPath = storableText(1, 4096);

/**
 * AgentPushRequest of part 2; the sub-records are ours (docs/cli.md "The push body"). Every field
 * of part 2 required; `diagnostics` is our optional addition (docs/decisions.md): absent means none.
 */
export const agentPushRequest = z.strictObject({
  name: displayName(200),
  commitSha: z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i, 'must be a full commit SHA').nullable(),
  rules: z.array(z.strictObject({ name: z.string().min(1).max(100), version: z.string().min(1).max(100) })).max(100),
  scope: z.strictObject({
    includePaths: z.array(repoPath).max(200),
    excludePaths: z.array(repoPath).max(200),
    excludeGlobs: z.array(storableText(1, 200)).max(300),
    limits: z.strictObject({ maxFiles: z.int().min(1).max(100_000), maxFileBytes: z.int().min(1).max(16_777_216), maxTotalBytes: z.int().min(1).max(1_073_741_824) }),
  }),
  files: z.array(z.strictObject({ path: repoPath, blobSha: z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/, 'must be a git blob SHA in lower-case hex'), size: z.int().min(0) })).max(100_000),
  skipped: z.array(skippedFileSchema).max(1_000_000),
  facts: z.array(extractedFactSchema).max(100_000),
  isComplete: z.boolean(),
  extractionGap: storableText(0, 4000).nullable(),
  filesListed: z.union([z.int().min(0).max(2_147_483_647), z.string().regex(/^[0-9]{1,10}$/, 'must be a whole number').transform(Number)]),
  diagnostics: scanDiagnosticsSchema
    .meta({ description: 'Optional, an addition to part 2: what the extractors made of the files (docs/extraction.md "Diagnostics"), answered in the scan detail. Absent: the scan has none (null).' })
    .optional(),
});
export type AgentPushRequest = z.infer<typeof agentPushRequest>;

/** A snapshot made with other extraction rules than the server's is refused (409) before anything of it is read. */
export function requireServerRules(request: Pick<AgentPushRequest, 'rules'>): void {
  const rules = request.rules.find((r) => r.name === 'extraction');
  if (rules?.version !== extractionRulesVersion) {
    throw new ConflictError('Other extraction rules', `This server extracts with rules ${extractionRulesVersion}; the snapshot was made with ${rules ? `rules ${rules.version}` : 'no extraction rules named'}. Update the svc command-line tool and scan again.`, [{ field: 'rules', message: `must name extraction rules ${extractionRulesVersion}` }]);
  }
}

/**
 * POST P/sources/push: a snapshot pushed by `svc scan`. Checked against the
 * server's extraction rules (409 when the client's differ: nothing is read),
 * stored as a scan of the push Source found or created by the slug of
 * `name`, and compared with the model by the same proposals, impact and
 * stale-mark path as a server scan. One push of a Source at a time (409).
 */
export async function pushSnapshot(context: ScanRequestContext, project: { id: string; workspaceId: string }, request: AgentPushRequest): Promise<PushResult> {
  requireServerRules(request);
  const slug = sourceSlug(request.name);
  const scanId = randomUUID();
  const sourceId = await context.db.transaction().execute(async (trx) => {
    // The allowance lock serialises the scan requests of a workspace, so the check for a running push below holds too.
    await takeScanAllowance(trx, project.workspaceId, context.settings, context.now);
    let source = await findSourceBySlug(trx, project.id, slug);
    if (!source) {
      await insertSource(trx, { id: randomUUID(), projectId: project.id, kind: 'push', name: request.name, slug, repository: null, path: null, accountId: null, region: null, createdBy: context.actor, at: context.now });
      source = await findSourceBySlug(trx, project.id, slug);
    }
    if (source?.kind !== 'push') throw new ConflictError('Source name in use', `The Source "${source?.name ?? request.name}" is a ${source?.kind ?? 'other'} Source; push under another name.`, [{ field: 'name', message: `its slug "${slug}" is a Source of another kind` }]);
    const running = await trx
      .selectFrom('scans')
      .select('id')
      .where('source_id', '=', source.id)
      .where('state', '=', 'running')
      .where('heartbeat_at', '>=', new Date(context.now.getTime() - scanWorkerGoneMs))
      .executeTakeFirst();
    if (running) throw new ConflictError('Another push is running', `A push of "${source.name}" is being stored (scan ${running.id}); send this one when it is done.`);
    await insertRunningScan(trx, {
      id: scanId,
      projectId: project.id,
      workspaceId: project.workspaceId,
      sourceId: source.id,
      host: null,
      request: { repository: null, ref: null, includePaths: request.scope.includePaths, excludePaths: request.scope.excludePaths, pullRequest: null, pushed: true },
      limits: { ...request.scope.limits, excludeGlobs: request.scope.excludeGlobs, maxArchiveBytes: scanLimitsOf(context.settings).maxArchiveBytes },
      requestedBy: context.actor,
      at: context.now,
    });
    return source.id;
  });
  try {
    await storeScanResult(context.db, {
      profile: context.profile,
      scanId,
      projectId: project.id,
      sourceId,
      commitSha: request.commitSha?.toLowerCase() ?? null,
      at: context.now,
      extraction: {
        facts: request.facts.map(scanFactOf),
        skipped: request.skipped,
        filesListed: request.filesListed,
        filesRead: request.files.length,
        bytesRead: request.files.reduce((sum, f) => sum + f.size, 0),
        isComplete: request.isComplete,
        extractionGap: request.extractionGap,
        blobShas: new Map(request.files.map((f) => [f.path, f.blobSha])),
        evidenceTexts: new Map(),
        diagnostics: request.diagnostics ?? null,
      },
    });
  } catch (error) {
    // Nothing of the push was stored (one transaction): its scan goes too, so a failed push counts nothing.
    await discardScan(context.db, scanId);
    throw error;
  }
  const snapshot = await context.db.selectFrom('snapshots').select('id').where('scan_id', '=', scanId).executeTakeFirstOrThrow();
  const counts = await context.db.selectFrom('proposals').select(['action', (eb) => eb.fn.countAll<string>().as('n')]).where('scan_id', '=', scanId).groupBy('action').execute();
  const proposals = { add: 0, change: 0, remove: 0 };
  for (const row of counts) proposals[row.action] = Number(row.n);
  return { sourceId, scanId, snapshotId: snapshot.id, proposals };
}
