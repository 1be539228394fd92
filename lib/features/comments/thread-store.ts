/**
 * SQL of threads, comments and questions (tables of migration 0022). Every read names the
 * project, so an ID of another project or workspace finds nothing.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CommentQuestionsTable, CommentsTable, CommentThreadsTable, Database } from '../../platform/db/schema';
import type { CommentView, PersonRef, QuestionRef, ThreadStatus, ThreadSummary, ThreadView } from './comment-records';
import type { TargetKind, ThreadTarget } from './comment-records';
import { decisionsOfThread } from './decision-store';

type Db = Kysely<Database> | Transaction<Database>;
export type ThreadRow = Selectable<CommentThreadsTable>;
export type CommentRow = Selectable<CommentsTable>;

/** The thread of the project; `lock` holds its row for the rest of the transaction (writers of one thread go one at a time). */
export async function findThreadRow(db: Db, projectId: string, threadId: string, options: { lock?: boolean } = {}): Promise<ThreadRow | undefined> {
  let query = db.selectFrom('comment_threads').selectAll().where('project_id', '=', projectId).where('id', '=', threadId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The project a thread ID belongs to, whichever it is: an ID is unique across projects. */
export async function projectOfThreadId(db: Db, threadId: string): Promise<string | undefined> {
  const row = await db.selectFrom('comment_threads').select('project_id').where('id', '=', threadId).executeTakeFirst();
  return row?.project_id;
}

export interface NewThread {
  id: string;
  projectId: string;
  draftId: string | null;
  target: ThreadTarget;
  actor: string;
  now: Date;
}

/** Inserts a thread; false when its ID is taken (by a concurrent create, or any earlier thread). */
export async function insertThread(trx: Transaction<Database>, thread: NewThread): Promise<boolean> {
  const row = await trx
    .insertInto('comment_threads')
    .values({
      id: thread.id,
      project_id: thread.projectId,
      draft_id: thread.draftId,
      target_kind: thread.target.kind,
      target_id: thread.target.id,
      status: 'open',
      created_by: thread.actor,
      created_at: thread.now,
      updated_at: thread.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewComment {
  id: string;
  threadId: string;
  body: string;
  mentions: string[];
  authorUserId: string;
  now: Date;
}

/** Appends a comment after the thread's last one (the caller holds the thread's lock); false when its ID is taken. */
export async function appendComment(trx: Transaction<Database>, comment: NewComment): Promise<boolean> {
  const last = await trx.selectFrom('comments').select((eb) => eb.fn.max('position').as('position')).where('thread_id', '=', comment.threadId).executeTakeFirst();
  const row = await trx
    .insertInto('comments')
    .values({
      id: comment.id,
      thread_id: comment.threadId,
      position: (last?.position ?? 0) + 1,
      body: comment.body,
      mentions: comment.mentions,
      author_user_id: comment.authorUserId,
      created_at: comment.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Entries of a thread, tombstones included. */
export async function countComments(db: Db, threadId: string): Promise<number> {
  const row = await db.selectFrom('comments').select((eb) => eb.fn.countAll<string>().as('n')).where('thread_id', '=', threadId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A comment by ID, in any thread: an ID is unique across threads and projects. */
export async function findCommentRow(db: Db, commentId: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', commentId).executeTakeFirst();
}

/** Replaces a comment's words and mentions, marking it edited. */
export async function updateCommentText(trx: Transaction<Database>, commentId: string, change: { body: string; mentions: string[]; now: Date }): Promise<void> {
  await trx.updateTable('comments').set({ body: change.body, mentions: change.mentions, edited_at: change.now }).where('id', '=', commentId).execute();
}

/** Leaves a tombstone: the words and mentions go, the place in the thread, the author and the time stay. */
export async function tombstoneComment(trx: Transaction<Database>, commentId: string, change: { actor: string; now: Date }): Promise<void> {
  await trx.updateTable('comments').set({ body: null, mentions: [], deleted_at: change.now, deleted_by: change.actor }).where('id', '=', commentId).execute();
}

/** Marks the thread changed now (a reply, an edit, a delete). */
export async function touchThread(trx: Transaction<Database>, threadId: string, now: Date): Promise<void> {
  await trx.updateTable('comment_threads').set({ updated_at: now }).where('id', '=', threadId).execute();
}

/** Resolves (recording who and when) or reopens (clearing both) a thread. */
export async function setThreadStatus(trx: Transaction<Database>, threadId: string, change: { status: ThreadStatus; actor: string; now: Date }): Promise<void> {
  const resolved = change.status === 'resolved';
  await trx
    .updateTable('comment_threads')
    .set({ status: change.status, updated_at: change.now, resolved_by: resolved ? change.actor : null, resolved_at: resolved ? change.now : null })
    .where('id', '=', threadId)
    .execute();
}

/** The question record of a thread, if it has one. */
export async function findQuestionRow(db: Db, threadId: string): Promise<Selectable<CommentQuestionsTable> | undefined> {
  return db.selectFrom('comment_questions').selectAll().where('thread_id', '=', threadId).executeTakeFirst();
}

/** Records the thread as a question (one per thread: a second insert fails on the unique thread). */
export async function insertQuestion(trx: Transaction<Database>, question: { id: string; threadId: string; actor: string; now: Date }): Promise<void> {
  await trx.insertInto('comment_questions').values({ id: question.id, thread_id: question.threadId, raised_by: question.actor, raised_at: question.now }).execute();
}

/** Names of the people named, by user ID (the account's current name). */
async function peopleOf(db: Db, userIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

function commentViewOf(row: CommentRow, names: Map<string, string>): CommentView {
  const person = (userId: string): PersonRef => ({ userId, name: names.get(userId) ?? null });
  return {
    id: row.id,
    threadId: row.thread_id,
    position: row.position,
    body: row.body,
    deleted: row.deleted_at !== null,
    author: person(row.author_user_id),
    createdBy: `user:${row.author_user_id}`,
    mentions: row.mentions.map(person),
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    deletedAt: row.deleted_at?.toISOString() ?? null,
    deletedBy: row.deleted_by,
  };
}

/** Comments as the API answers them, with the names of authors and people mentioned. */
export async function commentViews(db: Db, rows: readonly CommentRow[]): Promise<CommentView[]> {
  const names = await peopleOf(
    db,
    rows.flatMap((r) => [r.author_user_id, ...r.mentions]),
  );
  return rows.map((row) => commentViewOf(row, names));
}

function questionRefOf(row: Selectable<CommentQuestionsTable> | undefined): QuestionRef | null {
  return row ? { id: row.id, raisedBy: row.raised_by, raisedAt: row.raised_at.toISOString() } : null;
}

function threadFields(row: ThreadRow) {
  return {
    id: row.id,
    projectId: row.project_id,
    draftId: row.draft_id,
    target: { kind: row.target_kind as TargetKind, id: row.target_id },
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
  };
}

/** The whole thread: every comment in order (tombstones in their place), its question and its decisions. */
export async function readThreadView(db: Db, row: ThreadRow): Promise<ThreadView> {
  const [commentRows, question, decisions] = await Promise.all([
    db.selectFrom('comments').selectAll().where('thread_id', '=', row.id).orderBy('position').execute(),
    findQuestionRow(db, row.id),
    decisionsOfThread(db, row.id),
  ]);
  const comments = await commentViews(db, commentRows);
  return { ...threadFields(row), commentCount: comments.filter((c) => !c.deleted).length, question: questionRefOf(question), comments, decisions };
}

export interface ThreadFilter {
  projectId: string;
  /** Null: threads on main. */
  draftId: string | null;
  targetId: string | null;
  status: ThreadStatus | null;
  /** `seq` of the last thread of the previous page. */
  afterSeq: string | null;
  limit: number;
}

/** One page of threads, newest first, each with its first comment and the count of live comments. */
export async function listThreadPage(db: Db, filter: ThreadFilter): Promise<{ items: ThreadSummary[]; seqs: string[]; hasMore: boolean }> {
  let query = db.selectFrom('comment_threads').selectAll().where('project_id', '=', filter.projectId);
  query = filter.draftId === null ? query.where('draft_id', 'is', null) : query.where('draft_id', '=', filter.draftId);
  if (filter.targetId !== null) query = query.where('target_id', '=', filter.targetId);
  if (filter.status !== null) query = query.where('status', '=', filter.status);
  if (filter.afterSeq !== null) query = query.where('seq', '<', filter.afterSeq);
  const rows = await query.orderBy('seq', 'desc').limit(filter.limit + 1).execute();
  const page = rows.slice(0, filter.limit);
  if (page.length === 0) return { items: [], seqs: [], hasMore: false };
  const threadIds = page.map((r) => r.id);
  const [firstRows, counts, questions] = await Promise.all([
    db.selectFrom('comments').selectAll().where('thread_id', 'in', threadIds).where('position', '=', 1).execute(),
    db
      .selectFrom('comments')
      .select(['thread_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('thread_id', 'in', threadIds)
      .where('deleted_at', 'is', null)
      .groupBy('thread_id')
      .execute(),
    db.selectFrom('comment_questions').selectAll().where('thread_id', 'in', threadIds).execute(),
  ]);
  const firsts = new Map((await commentViews(db, firstRows)).map((c) => [c.threadId, c]));
  const countOf = new Map(counts.map((c) => [c.thread_id, Number(c.n)]));
  const questionOf = new Map(questions.map((q) => [q.thread_id, q]));
  const items = page.map((row) => ({
    ...threadFields(row),
    commentCount: countOf.get(row.id) ?? 0,
    question: questionRefOf(questionOf.get(row.id)),
    firstComment: firsts.get(row.id)!,
  }));
  return { items, seqs: page.map((r) => r.seq), hasMore: rows.length > filter.limit };
}
