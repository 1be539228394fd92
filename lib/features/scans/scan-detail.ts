import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ScanDetail } from '../../../contracts/scans';
import { findScan } from './scan-store';

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
