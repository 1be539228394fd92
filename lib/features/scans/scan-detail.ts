import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ScanDiagnostics } from '../../core/extract/scan-diagnostics';
import { findScan, type ScanRecord, type SkippedFile } from './scan-store';

export interface ScanDetail extends ScanRecord {
  skipped: SkippedFile[];
  /** What the extractors made of the files (docs/extraction.md "Diagnostics"); null when no extractor read the scan's input or a push sent none. */
  diagnostics: ScanDiagnostics | null;
  factCount: number;
  proposals: { pending: number; accepted: number; rejected: number; superseded: number };
}

/** GET P/imports/{importId}: the scan, the files it skipped with their reasons, its diagnostics, its fact count and proposals by status. */
export async function scanDetail(db: Kysely<Database>, projectId: string, scanId: string): Promise<ScanDetail | undefined> {
  const scan = await findScan(db, projectId, scanId);
  if (!scan) return undefined;
  const facts = await db.selectFrom('scan_facts').select((eb) => eb.fn.countAll<string>().as('n')).where('scan_id', '=', scanId).executeTakeFirstOrThrow();
  const byStatus = await db.selectFrom('proposals').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).where('scan_id', '=', scanId).groupBy('status').execute();
  const proposals = { pending: 0, accepted: 0, rejected: 0, superseded: 0 };
  for (const row of byStatus) proposals[row.status] = Number(row.n);
  const { workspaceId: _workspaceId, ...record } = scan;
  return { ...record, factCount: Number(facts.n), proposals };
}
