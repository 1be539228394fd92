import type { Kysely } from 'kysely';
import type { SourceBinding, SourceDocument } from '../../../contracts/sources';
import type { Database } from '../../platform/db/schema';
import type { ScanFact } from './scan-fact';
import { latestCompletedScanOf } from './scan-store';

/** The accepted facts of a Source and the model records they became, by fact key. */
export async function listSourceBindings(db: Kysely<Database>, sourceId: string): Promise<SourceBinding[]> {
  const rows = await db.selectFrom('fact_bindings').select(['fact_key', 'entity_kind', 'entity_id']).where('source_id', '=', sourceId).orderBy('fact_key').execute();
  return rows.map((r) => ({ factKey: r.fact_key, entityKind: r.entity_kind, entityId: r.entity_id }));
}

/** Files that gave facts in the Source's latest completed scan, plus the files an upload Source keeps, by path. */
export async function listSourceDocuments(db: Kysely<Database>, sourceId: string): Promise<SourceDocument[]> {
  const byPath = new Map<string, SourceDocument>();
  const scanId = await latestCompletedScanOf(db, sourceId);
  if (scanId) {
    const facts = await db.selectFrom('scan_facts').select('fact').where('scan_id', '=', scanId).execute();
    const shas = new Map((await db.selectFrom('scan_files').select(['path', 'blob_sha']).where('scan_id', '=', scanId).execute()).map((f) => [f.path, f.blob_sha]));
    for (const { fact } of facts) {
      for (const path of new Set((fact as ScanFact).evidence.map((e) => e.path))) {
        const entry = byPath.get(path) ?? { path, blobSha: shas.get(path) ?? null, facts: 0, kept: false };
        entry.facts += 1;
        byPath.set(path, entry);
      }
    }
  }
  for (const file of await db.selectFrom('source_files').select('path').where('source_id', '=', sourceId).execute()) {
    const entry = byPath.get(file.path) ?? { path: file.path, blobSha: null, facts: 0, kept: true };
    entry.kept = true;
    byPath.set(file.path, entry);
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
