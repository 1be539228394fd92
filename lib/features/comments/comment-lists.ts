/**
 * The paged lists of threads and decisions, shared by the HTTP endpoints and the agent tools:
 * newest first, a cursor tied to the list and its filters.
 */
import type { Kysely } from 'kysely';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import { decodeCursor, encodeCursor } from '../../platform/http/cursor';
import { NotFoundError } from '../../platform/errors/service-error';
import type { DecisionView, ThreadStatus, ThreadSummary } from './comment-records';
import { listDecisionPage } from './decision-store';
import { listThreadPage } from './thread-store';
import { isDraftOf } from './threads';

export interface ListContext {
  db: Kysely<Database>;
  keyring: MasterKeyring;
}

export interface ThreadListQuery {
  /** Null or absent: main. */
  draftId: string | null;
  targetId: string | null;
  status: ThreadStatus | null;
  cursor: string | null;
  limit: number;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** The cursor that continues after each item (for a cut of the agent tools). */
  cursorAfter: (item: T) => string;
}

/** A `draftId` of a query that names no draft of the project is 404, as `branchId` is on every other list. */
async function lineOf(db: Kysely<Database>, projectId: string, draftId: string | null): Promise<string | null> {
  if (draftId === null) return null;
  const id = draftId.toLowerCase();
  if (!(await isDraftOf(db, projectId, id))) throw new NotFoundError('Draft not found', `No draft ${draftId} in this project.`);
  return id;
}

function pageOf<T extends { id: string }>(context: ListContext, scope: string, page: { items: T[]; seqs: string[]; hasMore: boolean }): Page<T> {
  const seqById = new Map(page.items.map((item, i) => [item.id, page.seqs[i]!]));
  const cursorAfter = (item: T) => encodeCursor(context.keyring, scope, { seq: seqById.get(item.id) });
  const last = page.items.at(-1);
  return { items: page.items, nextCursor: page.hasMore && last ? cursorAfter(last) : null, cursorAfter };
}

/** Threads of the project on main or in a draft, newest first; `scopePrefix` keeps HTTP and tool cursors apart. */
export async function listThreads(context: ListContext, projectId: string, query: ThreadListQuery, scopePrefix: string): Promise<Page<ThreadSummary>> {
  const draftId = await lineOf(context.db, projectId, query.draftId);
  const targetId = query.targetId?.toLowerCase() ?? null;
  const scope = `${scopePrefix}:${projectId}:${draftId ?? 'main'}:${targetId ?? '*'}:${query.status ?? '*'}`;
  const after = query.cursor ? decodeCursor<{ seq: string }>(context.keyring, scope, query.cursor) : null;
  const page = await listThreadPage(context.db, { projectId, draftId, targetId, status: query.status, afterSeq: after?.seq ?? null, limit: query.limit });
  return pageOf(context, scope, page);
}

export interface DecisionListQuery {
  draftId: string | null;
  targetId: string | null;
  cursor: string | null;
  limit: number;
}

/** Decisions of the project on main or in a draft, newest first; with `targetId` the chain on that target. */
export async function listDecisions(context: ListContext, projectId: string, query: DecisionListQuery): Promise<Page<DecisionView>> {
  const draftId = await lineOf(context.db, projectId, query.draftId);
  const targetId = query.targetId?.toLowerCase() ?? null;
  const scope = `decisions:${projectId}:${draftId ?? 'main'}:${targetId ?? '*'}`;
  const after = query.cursor ? decodeCursor<{ seq: string }>(context.keyring, scope, query.cursor) : null;
  const page = await listDecisionPage(context.db, { projectId, draftId, targetId, afterSeq: after?.seq ?? null, limit: query.limit });
  return pageOf(context, scope, page);
}
