import type { Kysely } from 'kysely';
import type { Snapshot, SnapshotComparison } from '../../../contracts/sources';
import type { Database } from '../../platform/db/schema';

interface SnapshotFact {
  key: string;
  kind: string;
  fields: unknown;
  refs: unknown;
}

/** Snapshots of a Source (one per completed scan), newest first. */
export async function listSnapshots(db: Kysely<Database>, sourceId: string): Promise<Snapshot[]> {
  const rows = await db
    .selectFrom('snapshots')
    .select(['id', 'scan_id', 'commit_sha', 'is_complete', 'created_at', (eb) => eb.fn<number>('jsonb_array_length', [eb.ref('facts')]).as('fact_count')])
    .where('source_id', '=', sourceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, scanId: r.scan_id, commitSha: r.commit_sha, isComplete: r.is_complete, factCount: Number(r.fact_count), createdAt: new Date(r.created_at).toISOString() }));
}

/** Fact keys added, removed and changed from `base` to `head`, each sorted; undefined when either is no snapshot of the Source. */
export async function compareSnapshots(db: Kysely<Database>, sourceId: string, base: string, head: string): Promise<SnapshotComparison | undefined> {
  const rows = await db.selectFrom('snapshots').select(['id', 'commit_sha', 'facts']).where('source_id', '=', sourceId).where('id', 'in', [base, head]).execute();
  const baseRow = rows.find((r) => r.id === base);
  const headRow = rows.find((r) => r.id === head);
  if (!baseRow || !headRow) return undefined;
  const index = (facts: unknown) => new Map((facts as SnapshotFact[]).map((f) => [f.key, JSON.stringify([f.fields, f.refs])]));
  const before = index(baseRow.facts);
  const after = index(headRow.facts);
  const added = [...after.keys()].filter((k) => !before.has(k)).sort();
  const removed = [...before.keys()].filter((k) => !after.has(k)).sort();
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k)).sort();
  return { base: { id: base, commitSha: baseRow.commit_sha }, head: { id: head, commitSha: headRow.commit_sha }, added, removed, changed };
}
