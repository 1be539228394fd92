import type { Kysely } from 'kysely';
import type { Proposal } from '../../../contracts/scans';
import type { Database, ProposalAction, ProposalStatus } from '../../platform/db/schema';

/** A proposal as the API answers it (the contract's `Proposal`). */
export type ProposalRecord = Proposal;

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

/** Why a fact cannot be written to the model as it is, or null (a message with no producer: the model needs one). */
function unacceptableReason(proposed: unknown): string | null {
  const fact = proposed as { kind?: string; refs?: Record<string, unknown> } | null;
  if (fact?.kind === 'message' && (fact.refs?.producerId ?? null) === null) return 'no scanned document names a producer of this message; accept it with a producer by editing the model';
  return null;
}

/**
 * The pending proposals of a scan that accept-all takes, and those it leaves
 * pending with the reason (a fact the model rules cannot take as it is).
 */
export async function acceptableProposals(db: Kysely<Database>, scanId: string): Promise<{ accept: string[]; left: { proposalId: string; factKey: string; reason: string }[] }> {
  const rows = await db.selectFrom('proposals').select(['id', 'fact_key', 'proposed']).where('scan_id', '=', scanId).where('status', '=', 'pending').orderBy('fact_key').execute();
  const accept: string[] = [];
  const left: { proposalId: string; factKey: string; reason: string }[] = [];
  for (const row of rows) {
    const reason = unacceptableReason(row.proposed);
    if (reason === null) accept.push(row.id);
    else left.push({ proposalId: row.id, factKey: row.fact_key, reason });
  }
  return { accept, left };
}
