/**
 * AI proposals in PostgreSQL (migrations/0021-ai-proposals.ts): one row per
 * proposal, its content as JSON. Writers that decide lock the row first
 * (`lockProposal`), so two decisions on one proposal go one at a time.
 */
import type { ProposalStatus } from '../../../contracts/ai-proposals';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AiProposalsTable, Database } from '../../platform/db/schema';
import { ConflictError, NotFoundError } from '../../platform/errors/service-error';

type Db = Kysely<Database> | Transaction<Database>;

export const proposalKinds = ['flow', 'architecture'] as const;
export type ProposalKind = (typeof proposalKinds)[number];

/** A proposal's states (docs/ai-proposals.md "States"; contracts/ai-proposals.ts). */
export { proposalStatuses, type ProposalStatus } from '../../../contracts/ai-proposals';

/** Open proposals of one kind a project may hold; more answer 409 (docs/ai-proposals.md "Limits"). */
export const maxOpenProposalsPerKind = 500;

export type ProposalRow = Selectable<AiProposalsTable>;

export interface NewProposal {
  id: string;
  projectId: string;
  kind: ProposalKind;
  request: string | null;
  submitted: boolean;
  branchId: string | null;
  modelVersion: number;
  reviseScenarioId: string | null;
  reviseScenarioHash: string | null;
  selection: string[] | null;
  document: { sourceId: string; path: string } | null;
  provider: { providerId: string; providerKind: string; model: string; callId: string } | null;
  content: unknown;
  createdBy: string;
  now: Date;
  /** The scan whose facts an architecture proposal groups (docs/ai-proposals.md "Architecture from a scan"). */
  scanId?: string;
}

/**
 * Stores a new proposal; 409 when the project holds `maxOpenProposalsPerKind` open ones of the kind.
 * A scan has at most one proposal: when one exists already, it is answered and nothing is stored.
 */
export async function insertProposal(db: Kysely<Database>, input: NewProposal): Promise<ProposalRow> {
  return db.transaction().execute(async (trx) => {
    // Serialise creates per project and kind so the count and the insert agree.
    await sql`select pg_advisory_xact_lock(hashtext('svc-ai-proposals:' || ${input.projectId} || ${input.kind}))`.execute(trx);
    if (input.scanId !== undefined) {
      const existing = await trx.selectFrom('ai_proposals').selectAll().where('scan_id', '=', input.scanId).executeTakeFirst();
      if (existing) return existing;
    }
    const open = await trx
      .selectFrom('ai_proposals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', input.projectId)
      .where('kind', '=', input.kind)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= maxOpenProposalsPerKind) {
      throw new ConflictError('Too many open proposals', `A project holds at most ${maxOpenProposalsPerKind} open ${input.kind} proposals; decide or delete some first.`);
    }
    return trx
      .insertInto('ai_proposals')
      .values({
        id: input.id,
        project_id: input.projectId,
        kind: input.kind,
        status: 'open',
        request: input.request,
        submitted: input.submitted,
        branch_id: input.branchId,
        model_version: input.modelVersion,
        revise_scenario_id: input.reviseScenarioId,
        revise_scenario_hash: input.reviseScenarioHash,
        selection: input.selection === null ? null : JSON.stringify(input.selection),
        document: input.document === null ? null : JSON.stringify(input.document),
        provider_id: input.provider?.providerId ?? null,
        provider_kind: input.provider?.providerKind ?? null,
        model: input.provider?.model ?? null,
        call_id: input.provider?.callId ?? null,
        content: JSON.stringify(input.content),
        created_by: input.createdBy,
        created_at: input.now,
        updated_at: input.now,
        scan_id: input.scanId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The proposal made from a scan's facts, or undefined. */
export async function findProposalOfScan(db: Db, scanId: string): Promise<ProposalRow | undefined> {
  return db.selectFrom('ai_proposals').selectAll().where('scan_id', '=', scanId).executeTakeFirst();
}

/** A proposal of the project and kind (either kind for null), or undefined. */
export async function findProposal(db: Db, projectId: string, kind: ProposalKind | null, id: string): Promise<ProposalRow | undefined> {
  let query = db.selectFrom('ai_proposals').selectAll().where('project_id', '=', projectId).where('id', '=', id);
  if (kind !== null) query = query.where('kind', '=', kind);
  return query.executeTakeFirst();
}

/** The proposal, locked for the rest of the transaction; 404 when the project has none of that kind and ID. */
export async function lockProposal(trx: Transaction<Database>, projectId: string, kind: ProposalKind, id: string): Promise<ProposalRow> {
  const row = await trx.selectFrom('ai_proposals').selectAll().where('project_id', '=', projectId).where('kind', '=', kind).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new NotFoundError('Proposal not found', `No ${kind} proposal ${id} in this project.`);
  return row;
}

export interface ProposalChange {
  status?: ProposalStatus;
  content?: unknown;
  modelVersion?: number;
  scenarioId?: string;
  decided?: { by: string; at: Date };
  now: Date;
}

/** Writes a locked proposal's new state. */
export async function updateProposal(trx: Transaction<Database>, id: string, change: ProposalChange): Promise<ProposalRow> {
  return trx
    .updateTable('ai_proposals')
    .set({
      updated_at: change.now,
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(change.content === undefined ? {} : { content: JSON.stringify(change.content) }),
      ...(change.modelVersion === undefined ? {} : { model_version: change.modelVersion }),
      ...(change.scenarioId === undefined ? {} : { scenario_id: change.scenarioId }),
      ...(change.decided === undefined ? {} : { decided_by: change.decided.by, decided_at: change.decided.at }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteProposalRow(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('ai_proposals').where('id', '=', id).execute();
}

/** The filters of the list endpoints (part 1 "AI design proposals"). */
export interface ProposalFilter {
  status?: ProposalStatus;
  /** Made by submit (true) or by a provider (false). */
  submitted?: boolean;
  /** Made by `actor` (true) or by anyone else (false). */
  mine?: boolean;
  /** Accepted or rejected (true), or open (false). */
  decided?: boolean;
  /** Made from this scan's facts (architecture proposals). */
  scanId?: string;
  actor: string;
}

/** Where a page ends: the newest-first order's last row. */
export interface ProposalPosition {
  createdAt: string;
  id: string;
}

/** One page of proposals of a kind (both for null), newest first (created_at, then ID, both descending). */
export async function listProposalPage(db: Db, input: { projectId: string; kind: ProposalKind | null; filter: ProposalFilter; after: ProposalPosition | null; limit: number }): Promise<{ rows: ProposalRow[]; hasMore: boolean }> {
  const { filter } = input;
  let query = db.selectFrom('ai_proposals').selectAll().where('project_id', '=', input.projectId);
  if (input.kind !== null) query = query.where('kind', '=', input.kind);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.submitted !== undefined) query = query.where('submitted', '=', filter.submitted);
  if (filter.mine !== undefined) query = query.where('created_by', filter.mine ? '=' : '<>', filter.actor);
  if (filter.decided !== undefined) query = filter.decided ? query.where('status', '<>', 'open') : query.where('status', '=', 'open');
  if (filter.scanId !== undefined) query = query.where('scan_id', '=', filter.scanId);
  if (input.after) {
    const { createdAt, id } = input.after;
    query = query.where(sql<boolean>`(created_at, id) < (${new Date(createdAt)}::timestamptz, ${id}::uuid)`);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.limit + 1).execute();
  return { rows: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}
