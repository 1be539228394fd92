import type { Kysely, Transaction } from 'kysely';
import type { DriftSource } from '../../../contracts/drift';
import type { Database } from '../../platform/db/schema';
import { modelKinds, type AnyModelRecord, type ModelKind } from '../../core/model/model-records';
import { loadModelSnapshot } from '../../core/model/model-store';
import { mainStream } from '../../core/model/stream-store';
import type { BoundFact } from '../scans/match-facts';
import type { ScanFact } from '../scans/scan-fact';
import { computeDrift, type DriftInput, type DriftResult, type DriftSourceInput, type PendingProposal } from './compute-drift';

type Trx = Transaction<Database>;

/** A snapshot drift is asked of without storing it (`POST P/drift/check`): it stands in for the Source its name's slug names. */
export interface CheckedSnapshot {
  sourceId: string | null;
  name: string;
  commitSha: string | null;
  isComplete: boolean;
  facts: readonly ScanFact[];
}

export interface ProjectDrift extends DriftResult {
  modelVersion: number;
  sources: DriftSource[];
}

/**
 * The scan that stands for each Source of the project: its latest complete
 * scan, else its latest completed (partial) one (a trace file, a scan cut
 * short by a limit), else none.
 */
async function scansRead(trx: Trx, projectId: string) {
  const sources = await trx.selectFrom('sources').select(['id', 'name', 'kind']).where('project_id', '=', projectId).orderBy('name').orderBy('id').execute();
  if (sources.length === 0) return [];
  const scans = await trx
    .selectFrom('scans')
    .select(['id', 'source_id', 'commit_sha', 'finished_at', 'is_complete'])
    .distinctOn('source_id')
    .where('project_id', '=', projectId)
    .where('state', '=', 'completed')
    .orderBy('source_id')
    .orderBy((eb) => eb.fn.coalesce('is_complete', eb.lit(false)), 'desc')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const bySource = new Map(scans.map((scan) => [scan.source_id, scan]));
  return sources.map((source) => {
    const scan = bySource.get(source.id);
    return {
      source: {
        id: source.id,
        name: source.name,
        kind: source.kind,
        scanId: scan?.id ?? null,
        commitSha: scan?.commit_sha ?? null,
        finishedAt: scan?.finished_at ? new Date(scan.finished_at).toISOString() : null,
        isComplete: scan?.is_complete === true,
      } satisfies DriftSource,
    };
  });
}

async function bindingsBySource(trx: Trx, projectId: string): Promise<Map<string, Map<string, BoundFact>>> {
  const rows = await trx.selectFrom('fact_bindings').select(['source_id', 'fact_key', 'entity_kind', 'entity_id']).where('project_id', '=', projectId).execute();
  const bySource = new Map<string, Map<string, BoundFact>>();
  for (const row of rows) {
    const bindings = bySource.get(row.source_id) ?? new Map<string, BoundFact>();
    bindings.set(row.fact_key, { entityKind: row.entity_kind as ModelKind, entityId: row.entity_id });
    bySource.set(row.source_id, bindings);
  }
  return bySource;
}

async function factsOfScans(trx: Trx, scanIds: readonly string[]): Promise<Map<string, ScanFact[]>> {
  const byScan = new Map<string, ScanFact[]>(scanIds.map((id) => [id, []]));
  if (scanIds.length === 0) return byScan;
  const rows = await trx.selectFrom('scan_facts').select(['scan_id', 'fact']).where('scan_id', 'in', scanIds).execute();
  for (const row of rows) byScan.get(row.scan_id)!.push(row.fact as ScanFact);
  return byScan;
}

async function pendingOfScans(trx: Trx, scanIds: readonly string[]): Promise<Map<string, Map<string, PendingProposal>>> {
  const byScan = new Map<string, Map<string, PendingProposal>>(scanIds.map((id) => [id, new Map()]));
  if (scanIds.length === 0) return byScan;
  const rows = await trx.selectFrom('proposals').select(['id', 'scan_id', 'fact_key', 'action']).where('scan_id', 'in', scanIds).where('status', '=', 'pending').execute();
  for (const row of rows) byScan.get(row.scan_id)!.set(row.fact_key, { id: row.id, scanId: row.scan_id, action: row.action });
  return byScan;
}

async function mainRecords(trx: Trx, projectId: string): Promise<DriftInput['model']> {
  const snapshot = await loadModelSnapshot(trx, projectId);
  const model = new Map<string, { kind: ModelKind; record: AnyModelRecord }>();
  for (const kind of modelKinds) for (const [id, record] of snapshot[kind]) model.set(id, { kind, record: record as AnyModelRecord });
  return model;
}

/**
 * Main and every Source's scan as drift reads them, in one repeatable-read
 * transaction (a scan stored meanwhile is either wholly in or out). With
 * `checked`, that snapshot replaces the scan of its Source, or joins as a
 * Source not made yet; nothing is written either way.
 */
export async function readDrift(db: Kysely<Database>, projectId: string, checked?: CheckedSnapshot): Promise<ProjectDrift & { checkedSource: DriftSource | null }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const stream = await mainStream(trx, projectId);
      const model = await mainRecords(trx, projectId);
      const read = await scansRead(trx, projectId);
      const scanIds = read.flatMap(({ source }) => (source.scanId === null || source.id === checked?.sourceId ? [] : [source.scanId]));
      const [facts, pending, bindings] = await Promise.all([factsOfScans(trx, scanIds), pendingOfScans(trx, scanIds), bindingsBySource(trx, projectId)]);
      const inputs: DriftSourceInput[] = read
        .filter(({ source }) => checked === undefined || source.id !== checked.sourceId)
        .map(({ source }) => ({
          source,
          facts: source.scanId === null ? null : (facts.get(source.scanId) ?? []),
          bindings: bindings.get(source.id!) ?? new Map(),
          pending: source.scanId === null ? new Map() : (pending.get(source.scanId) ?? new Map()),
        }));
      let checkedSource: DriftSource | null = null;
      if (checked) {
        const existing = read.find(({ source }) => source.id === checked.sourceId)?.source;
        checkedSource = { id: checked.sourceId, name: existing?.name ?? checked.name, kind: existing?.kind ?? 'push', scanId: null, commitSha: checked.commitSha, finishedAt: null, isComplete: checked.isComplete };
        inputs.push({ source: checkedSource, facts: checked.facts, bindings: checked.sourceId === null ? new Map() : (bindings.get(checked.sourceId) ?? new Map()), pending: new Map() });
      }
      return { modelVersion: stream.modelVersion, sources: read.map(({ source }) => source), checkedSource, ...computeDrift({ model, sources: inputs }) };
    });
}
