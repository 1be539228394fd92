import type { Kysely } from 'kysely';
import type { Database, ProposalAction, ProposalStatus } from '../db/schema';

/** A proposal as the API answers it. */
export interface ProposalRecord {
  id: string;
  scanId: string;
  factKey: string;
  action: ProposalAction;
  entityKind: string;
  entityId: string | null;
  status: ProposalStatus;
  /** The fact (add, change): fields, references by fact key, truth label, evidence, and `changedFields`. */
  proposed: unknown;
  /** The model record before (change, remove). */
  current: unknown;
  decidedBy: string | null;
  decidedAt: string | null;
}

export interface ProposalFilter {
  status?: ProposalStatus;
  action?: ProposalAction;
  entityKind?: string;
}

type Row = {
  id: string;
  scan_id: string;
  fact_key: string;
  action: ProposalAction;
  entity_kind: string;
  entity_id: string | null;
  status: ProposalStatus;
  proposed: unknown;
  current: unknown;
  decided_by: string | null;
  decided_at: Date | null;
};

function toRecord(row: Row): ProposalRecord {
  return {
    id: row.id,
    scanId: row.scan_id,
    factKey: row.fact_key,
    action: row.action,
    entityKind: row.entity_kind,
    entityId: row.entity_id,
    status: row.status,
    proposed: row.proposed,
    current: row.current,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

const columns = ['id', 'scan_id', 'fact_key', 'action', 'entity_kind', 'entity_id', 'status', 'proposed', 'current', 'decided_by', 'decided_at'] as const;

/** Proposals of a scan in fact-key order, filtered, keyset-paged on (fact_key, id). */
export async function listProposals(db: Kysely<Database>, scanId: string, filter: ProposalFilter, page: { limit: number; after: { factKey: string; id: string } | null }): Promise<ProposalRecord[]> {
  let query = db.selectFrom('proposals').select(columns).where('scan_id', '=', scanId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.entityKind) query = query.where('entity_kind', '=', filter.entityKind);
  if (page.after) {
    const { factKey, id } = page.after;
    query = query.where((eb) => eb.or([eb('fact_key', '>', factKey), eb.and([eb('fact_key', '=', factKey), eb('id', '>', id)])]));
  }
  const rows = await query.orderBy('fact_key').orderBy('id').limit(page.limit).execute();
  return rows.map(toRecord);
}

export async function findProposal(db: Kysely<Database>, scanId: string, proposalId: string): Promise<ProposalRecord | undefined> {
  const row = await db.selectFrom('proposals').select(columns).where('scan_id', '=', scanId).where('id', '=', proposalId).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** IDs of the pending proposals of a scan (accept-all of a Source). */
export async function pendingProposalIds(db: Kysely<Database>, scanId: string): Promise<string[]> {
  const rows = await db.selectFrom('proposals').select('id').where('scan_id', '=', scanId).where('status', '=', 'pending').orderBy('fact_key').execute();
  return rows.map((r) => r.id);
}
