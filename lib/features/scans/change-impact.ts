import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChangeImpact, ScanImpact } from '../../../contracts/scans';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface ImpactInput {
  /** Records a decision would change. */
  changedIds: readonly string[];
  /** Records a decision would remove. */
  removedIds: readonly string[];
  /** Facts a decision would add. */
  added: number;
}

/** The live scenarios of a project whose stored document names any of `ids` (by name and ID order). */
export function scenariosNaming(db: Db, projectId: string, ids: readonly string[]) {
  return db
    .selectFrom('scenarios')
    .select(['id', 'name', 'document'])
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`document::text ~* ${ids.join('|')}`)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * What accepting a set of changes and removals would change besides the model
 * (part 2 "impact"): views whose root or saved positions hold an affected
 * element; scenarios whose document names a removed record (an operation or
 * channel it calls or sends on); promises whose in-force or draft revision
 * links a changed or removed record; and the exports that would differ.
 */
export async function changeImpact(db: Db, projectId: string, input: ImpactInput): Promise<ChangeImpact> {
  const affected = [...new Set([...input.changedIds, ...input.removedIds])];
  const removed = new Set(input.removedIds);
  const views: ChangeImpact['views'] = [];
  const scenarios: ChangeImpact['scenarios'] = [];
  const promises: ChangeImpact['promises'] = [];
  if (affected.length > 0) {
    const viewRows = await db
      .selectFrom('views as v')
      .select(['v.id', 'v.name', 'v.root_element_id'])
      .where('v.project_id', '=', projectId)
      .where((eb) => eb.or([eb('v.root_element_id', 'in', affected), eb.exists(eb.selectFrom('view_positions as p').select('p.element_id').whereRef('p.view_id', '=', 'v.id').where('p.element_id', 'in', affected))]))
      .orderBy('v.name')
      .orderBy('v.id')
      .execute();
    for (const v of viewRows) {
      const rootHit = v.root_element_id !== null && affected.includes(v.root_element_id);
      views.push({ id: v.id, name: v.name, reason: rootHit ? (removed.has(v.root_element_id!) ? 'its root element would be removed' : 'its root element would change') : 'it shows an element that would change or be removed' });
    }
    if (removed.size > 0) {
      const ids = [...removed];
      const scenarioRows = await scenariosNaming(db, projectId, ids);
      for (const s of scenarioRows) {
        const text = JSON.stringify(s.document).toLowerCase();
        const named = ids.filter((id) => text.includes(id));
        scenarios.push({ id: s.id, name: s.name, reason: `it names ${named.length === 1 ? 'a record' : `${named.length} records`} that would be removed (${named.slice(0, 5).join(', ')})` });
      }
    }
    const promiseRows = await db
      .selectFrom('promises as p')
      .innerJoin('promise_revisions as r', 'r.promise_id', 'p.id')
      .select(['p.id', 'p.requirement_number', 'r.title', 'r.links', 'r.obligations'])
      .where('p.project_id', '=', projectId)
      .where('r.status', 'in', ['in-force', 'draft'])
      .orderBy('p.requirement_number')
      .execute();
    const seen = new Set<string>();
    for (const p of promiseRows) {
      if (seen.has(p.id)) continue;
      const text = `${JSON.stringify(p.links)}${JSON.stringify(p.obligations)}`.toLowerCase();
      const hit = affected.find((id) => text.includes(id));
      if (!hit) continue;
      seen.add(p.id);
      promises.push({ id: p.id, requirementNumber: p.requirement_number, title: p.title, reason: `it links ${hit}, which would ${removed.has(hit) ? 'be removed' : 'change'}` });
    }
  }
  const anything = affected.length > 0 || input.added > 0;
  const exports = anything ? ['model document (GET …/export)', 'architecture DSL (GET …/export/archdsl)', ...views.map((v) => `SVG and flowchart of view "${v.name}"`)] : [];
  return {
    changed: input.changedIds.length,
    removed: input.removedIds.length,
    added: input.added,
    views,
    scenarios,
    promises,
    exports,
    needsAcknowledgement: views.length + scenarios.length + promises.length > 0,
  };
}

/** The impact of every pending proposal of a scan. */
export async function pendingProposalImpact(db: Db, projectId: string, scanId: string): Promise<ScanImpact> {
  const rows = await db.selectFrom('proposals').select(['action', 'entity_id']).where('scan_id', '=', scanId).where('status', '=', 'pending').execute();
  const changedIds = rows.filter((r) => r.action === 'change' && r.entity_id !== null).map((r) => r.entity_id!);
  const removedIds = rows.filter((r) => r.action === 'remove' && r.entity_id !== null).map((r) => r.entity_id!);
  const impact = await changeImpact(db, projectId, { changedIds, removedIds, added: rows.filter((r) => r.action === 'add').length });
  return { scanId, pendingProposals: rows.length, ...impact };
}
