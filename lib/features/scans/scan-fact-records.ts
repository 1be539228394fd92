import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { plannedFactRecordId } from './fact-record';
import type { ScanFact } from './scan-fact';

/** A fact of a scan with the model record it is, or will be once its addition is accepted. */
export interface FactWithRecord {
  fact: ScanFact;
  recordId: string;
}

/**
 * A completed scan's facts, each with its record: the record the Source's accepted fact is bound
 * to, else the record the scan's proposal changes (a match on main), else the ID accepting the
 * addition will give it (`plannedFactRecordId`). Ordered by key.
 */
export async function readScanFactsWithRecords(db: Kysely<Database>, scan: { id: string; projectId: string; sourceId: string | null }): Promise<FactWithRecord[]> {
  const rows = await db.selectFrom('scan_facts').select(['key', 'fact']).where('scan_id', '=', scan.id).orderBy('key').execute();
  const proposed = await db.selectFrom('proposals').select(['fact_key', 'entity_id']).where('scan_id', '=', scan.id).where('entity_id', 'is not', null).execute();
  const recordOfKey = new Map(proposed.map((p) => [p.fact_key, p.entity_id!]));
  if (scan.sourceId !== null) {
    const bound = await db.selectFrom('fact_bindings').select(['fact_key', 'entity_id']).where('source_id', '=', scan.sourceId).execute();
    for (const b of bound) recordOfKey.set(b.fact_key, b.entity_id);
  }
  return rows.map((row) => ({ fact: row.fact as ScanFact, recordId: recordOfKey.get(row.key) ?? plannedFactRecordId(scan.projectId, scan.sourceId ?? scan.id, row.key) }));
}
