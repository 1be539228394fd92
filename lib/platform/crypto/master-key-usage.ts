import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MasterKeyring } from './master-key';

/**
 * Every table whose rows are encrypted under a master key, with the column
 * naming the key. `keys forget` and the start-up check read this list; a new
 * encrypted table is added here.
 */
export const masterKeyHolders = Object.freeze([
  { table: 'session_keys', label: 'session keys' },
  { table: 'workspace_secrets', label: 'stored credentials' },
] as const);

export interface MasterKeyUsage {
  table: string;
  label: string;
  masterKeyId: string;
  rows: number;
}

/** Counts encrypted rows per table and master key ID. */
export async function readMasterKeyUsage(db: Kysely<Database>): Promise<MasterKeyUsage[]> {
  const usage: MasterKeyUsage[] = [];
  for (const holder of masterKeyHolders) {
    const result = await sql<{ master_key_id: string; rows: string }>`
      select master_key_id, count(*) as rows from ${sql.table(holder.table)} group by master_key_id order by master_key_id`.execute(db);
    for (const row of result.rows) {
      usage.push({ table: holder.table, label: holder.label, masterKeyId: row.master_key_id, rows: Number(row.rows) });
    }
  }
  return usage;
}

/** The rows whose key is not in the ring (neither current nor previous). */
export function rowsUnderMissingKeys(usage: readonly MasterKeyUsage[], ring: MasterKeyring | null): MasterKeyUsage[] {
  const loaded = new Set([ring?.current.id, ring?.previous?.id].filter(Boolean));
  return usage.filter((u) => !loaded.has(u.masterKeyId));
}

/** One line per missing key: its ID and row counts per table. */
export function describeMissingKeys(missing: readonly MasterKeyUsage[]): string {
  const byKey = new Map<string, string[]>();
  for (const u of missing) {
    const list = byKey.get(u.masterKeyId) ?? [];
    list.push(`${u.rows} ${u.label}`);
    byKey.set(u.masterKeyId, list);
  }
  return [...byKey].map(([id, counts]) => `${id} (${counts.join(', ')})`).join('; ');
}
