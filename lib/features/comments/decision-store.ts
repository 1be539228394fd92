/**
 * SQL of decisions (migration 0022): append-only rows chained by `supersedes`/`superseded_by`;
 * at most one in force per target and line.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CommentDecisionsTable, Database } from '../../platform/db/schema';
import type { DecisionView } from './comment-records';
import type { TargetKind, ThreadTarget } from './comment-records';

type Db = Kysely<Database> | Transaction<Database>;

function decisionViewOf(row: Selectable<CommentDecisionsTable>): DecisionView {
  return {
    id: row.id,
    threadId: row.thread_id,
    projectId: row.project_id,
    draftId: row.draft_id,
    target: { kind: row.target_kind as TargetKind, id: row.target_id },
    title: row.title,
    decision: row.decision,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at.toISOString(),
    supersedes: row.supersedes,
    supersededBy: row.superseded_by,
  };
}

/** The decisions raised from a thread, oldest first. */
export async function decisionsOfThread(db: Db, threadId: string): Promise<DecisionView[]> {
  const rows = await db.selectFrom('comment_decisions').selectAll().where('thread_id', '=', threadId).orderBy('seq').execute();
  return rows.map(decisionViewOf);
}

export interface NewDecision {
  id: string;
  projectId: string;
  threadId: string;
  draftId: string | null;
  target: ThreadTarget;
  title: string;
  decision: string;
  actor: string;
  now: Date;
}

/**
 * Appends a decision on its target: the one in force on the same target and line (if any) is
 * marked superseded by it, and it names that one in `supersedes`. Decisions on one target are
 * written one at a time (an advisory lock), so the chain has no fork.
 */
export async function appendDecision(trx: Transaction<Database>, input: NewDecision): Promise<DecisionView> {
  const line = input.draftId ?? input.projectId;
  await sql`select pg_advisory_xact_lock(hashtext(${`svc-decisions:${line}:${input.target.kind}:${input.target.id}`}))`.execute(trx);
  let inForce = trx
    .selectFrom('comment_decisions')
    .select('id')
    .where('project_id', '=', input.projectId)
    .where('target_kind', '=', input.target.kind)
    .where('target_id', '=', input.target.id)
    .where('superseded_by', 'is', null);
  inForce = input.draftId === null ? inForce.where('draft_id', 'is', null) : inForce.where('draft_id', '=', input.draftId);
  const previous = await inForce.executeTakeFirst();
  // Marked first: the new row's reference is checked at commit (deferred), the in-force index at once.
  if (previous) await trx.updateTable('comment_decisions').set({ superseded_by: input.id }).where('id', '=', previous.id).execute();
  const row = await trx
    .insertInto('comment_decisions')
    .values({
      id: input.id,
      project_id: input.projectId,
      thread_id: input.threadId,
      draft_id: input.draftId,
      target_kind: input.target.kind,
      target_id: input.target.id,
      title: input.title,
      decision: input.decision,
      decided_by: input.actor,
      decided_at: input.now,
      supersedes: previous?.id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decisionViewOf(row);
}

export interface DecisionFilter {
  projectId: string;
  draftId: string | null;
  targetId: string | null;
  afterSeq: string | null;
  limit: number;
}

/** One page of decisions of a line, newest first (the one in force on a target before those it superseded). */
export async function listDecisionPage(db: Db, filter: DecisionFilter): Promise<{ items: DecisionView[]; seqs: string[]; hasMore: boolean }> {
  let query = db.selectFrom('comment_decisions').selectAll().where('project_id', '=', filter.projectId);
  query = filter.draftId === null ? query.where('draft_id', 'is', null) : query.where('draft_id', '=', filter.draftId);
  if (filter.targetId !== null) query = query.where('target_id', '=', filter.targetId);
  if (filter.afterSeq !== null) query = query.where('seq', '<', filter.afterSeq);
  const rows = await query.orderBy('seq', 'desc').limit(filter.limit + 1).execute();
  const page = rows.slice(0, filter.limit);
  return { items: page.map(decisionViewOf), seqs: page.map((r) => r.seq), hasMore: rows.length > filter.limit };
}
