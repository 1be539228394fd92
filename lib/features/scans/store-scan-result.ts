import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { queueScanArchitectureIfRouted } from './scan-architecture-queue';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import type { AnyModelRecord, ModelKind } from '../../core/model/model-records';
import { loadModelSnapshot, commitModelChange } from '../../core/model/model-store';
import { lockStream } from '../../core/model/stream-store';
import { modelKinds } from '../../core/model/model-records';
import { planProposals, type BoundFact } from './plan-proposals';
import type { ScanExtraction } from './scan-input';
import type { ScanRequestRecord } from './scan-limits-record';

/** Reason code of a stale mark set by a scan (part 1). */
export const evidenceNotFound = 'evidence-not-found';

/** Rows written per statement, so that a large scan never builds one huge statement. */
const chunk = 500;

async function insertChunked<T>(rows: readonly T[], write: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) await write(rows.slice(i, i + chunk));
}

export interface FinishedScan {
  scanId: string;
  projectId: string;
  sourceId: string | null;
  commitSha: string | null;
  extraction: ScanExtraction;
  at: Date;
  /** False for evidence that adds to a Source's scans rather than replacing them (an uploaded trace file). */
  supersedesEarlier?: boolean;
  /** The service's profile: the workspace's settings are read with it (is `inferArchitecture` routed?). */
  profile: Profile;
}

/**
 * Stores a finished scan in one transaction: its facts, files, proposals,
 * the Source's snapshot, the stale marks it sets or clears on main (one model
 * change), the scan row's counts, and the job that groups its facts into
 * services when the settings route `inferArchitecture` now. Nothing is stored
 * when the scan was cancelled meanwhile. Returns false in that case.
 */
export async function storeScanResult(db: Kysely<Database>, finished: FinishedScan): Promise<boolean> {
  return db.transaction().execute((trx) => storeScanResultIn(trx, finished));
}

/**
 * `storeScanResult` inside a transaction the caller holds: a scan stored in
 * the request that made it (a trace file) commits its row and its results
 * together, so a failure leaves no scan behind and counts nothing.
 */
export async function storeScanResultIn(trx: Transaction<Database>, finished: FinishedScan): Promise<boolean> {
  const { extraction } = finished;
  const scan = await trx.selectFrom('scans').select(['state', 'workspace_id', 'request']).where('id', '=', finished.scanId).forUpdate().executeTakeFirst();
  if (scan?.state !== 'running') return false;
  await insertChunked(extraction.facts, (part) =>
    trx
      .insertInto('scan_facts')
      .values(part.map((fact) => ({ scan_id: finished.scanId, key: fact.key, kind: fact.kind, fact: JSON.stringify(fact) })))
      .onConflict((oc) => oc.columns(['scan_id', 'key']).doNothing())
      .execute(),
  );
  const files = new Map<string, { blob_sha: string | null; size: number | null; skipped_reason: string | null; content: string | null }>();
  for (const [path, sha] of extraction.blobShas) files.set(path, { blob_sha: sha, size: null, skipped_reason: null, content: extraction.evidenceTexts.get(path) ?? null });
  for (const skip of extraction.skipped) if (!files.has(skip.path)) files.set(skip.path, { blob_sha: null, size: null, skipped_reason: skip.reason, content: null });
  await insertChunked([...files], (part) => trx.insertInto('scan_files').values(part.map(([path, file]) => ({ scan_id: finished.scanId, path, ...file }))).execute());

  const version = await lockStream(trx, finished.projectId);
  const snapshot = await loadModelSnapshot(trx, finished.projectId);
  const model = new Map<string, { kind: ModelKind; record: AnyModelRecord }>();
  for (const kind of modelKinds) for (const [id, record] of snapshot[kind]) model.set(id, { kind, record: record as AnyModelRecord });
  const bindings = new Map<string, BoundFact>();
  if (finished.sourceId !== null) {
    const rows = await trx.selectFrom('fact_bindings').select(['fact_key', 'entity_kind', 'entity_id']).where('source_id', '=', finished.sourceId).execute();
    for (const row of rows) bindings.set(row.fact_key, { entityKind: row.entity_kind as ModelKind, entityId: row.entity_id });
  }
  const plan = planProposals({ facts: extraction.facts, bindings, model, isComplete: extraction.isComplete });
  // An earlier scan's proposals that were never decided give way to this scan's.
  if (finished.sourceId !== null && finished.supersedesEarlier !== false) {
    await sql`update proposals set status = 'superseded' where status = 'pending' and scan_id in (select id from scans where source_id = ${finished.sourceId} and id <> ${finished.scanId})`.execute(trx);
  }
  await insertChunked(plan.proposals, (part) =>
    trx
      .insertInto('proposals')
      .values(
        part.map((p) => ({
          id: randomUUID(),
          scan_id: finished.scanId,
          project_id: finished.projectId,
          fact_key: p.factKey,
          action: p.action,
          entity_kind: p.entityKind,
          entity_id: p.entityId,
          proposed: p.proposed === null ? null : JSON.stringify({ ...p.proposed, changedFields: p.changedFields }),
          current: p.current === null ? null : JSON.stringify(p.current),
          status: 'pending' as const,
        })),
      )
      .execute(),
  );

  const sinceRevision = finished.commitSha ?? `scan:${finished.scanId}`;
  const writes = [
    ...plan.markStale.map((m) => ({ kind: m.entityKind, record: { ...model.get(m.entityId)!.record, stale: { sinceRevision, reason: evidenceNotFound } } as AnyModelRecord, change: 'changed' as const })),
    ...plan.clearStale.map((m) => ({ kind: m.entityKind, record: { ...model.get(m.entityId)!.record, stale: null } as AnyModelRecord, change: 'changed' as const })),
  ];
  if (writes.length > 0) {
    await commitModelChange(trx, {
      streamId: finished.projectId,
      fromVersion: version,
      writes,
      deletes: [],
      actor: `scan:${finished.scanId}`,
      at: finished.at,
      summary: `scan ${finished.scanId}: ${plan.markStale.length} marked stale, ${plan.clearStale.length} found again`,
    });
  }
  if (finished.sourceId !== null) {
    await trx
      .insertInto('snapshots')
      .values({
        id: randomUUID(),
        source_id: finished.sourceId,
        scan_id: finished.scanId,
        commit_sha: finished.commitSha,
        is_complete: extraction.isComplete,
        facts: JSON.stringify(extraction.facts.map((f) => ({ key: f.key, kind: f.kind, fields: f.fields, refs: f.refs }))),
        created_at: finished.at,
      })
      .execute();
  }
  await trx
    .updateTable('scans')
    .set({
      state: 'completed',
      commit_sha: finished.commitSha,
      is_complete: extraction.isComplete,
      extraction_gap: extraction.extractionGap,
      files_listed: extraction.filesListed,
      files_read: extraction.filesRead,
      bytes_read: extraction.bytesRead,
      skipped: JSON.stringify(extraction.skipped),
      diagnostics: extraction.diagnostics === null ? null : JSON.stringify(extraction.diagnostics),
      finished_at: finished.at,
      heartbeat_at: finished.at,
    })
    .where('id', '=', finished.scanId)
    .execute();
  await queueScanArchitectureIfRouted(trx, {
    scanId: finished.scanId,
    workspaceId: scan.workspace_id,
    profile: finished.profile,
    pullRequest: (scan.request as ScanRequestRecord).pullRequest ?? null,
    hasElements: extraction.facts.some((fact) => fact.kind === 'element'),
  });
  return true;
}
