/**
 * The rules of threads and comments (docs/comments.md): who may do what, the 200-versus-201
 * of creates that name an ID, tombstones, mentions, and the events each change queues in the
 * transaction that writes it.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceRole } from '../../platform/db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { findStream } from '../../core/model/stream-store';
import type { ProjectRecord } from '../workspaces/project-store';
import { commentEventsOf, type CommentChange, type EventThread } from './comment-event-plan';
import { queueCommentEvents } from './comment-events';
import type { CommentView, ThreadStatus, ThreadView } from './comment-records';
import type { ThreadTarget } from './comment-records';
import { targetExists } from './comment-targets';
import { resolveMentions } from './mentions';
import {
  appendComment,
  commentViews,
  countComments,
  findCommentRow,
  findThreadRow,
  insertThread,
  projectOfThreadId,
  readThreadView,
  setThreadStatus,
  tombstoneComment,
  touchThread,
  updateCommentText,
  type ThreadRow,
} from './thread-store';

/** Most entries (comments and tombstones) of one thread. */
export const maxCommentsPerThread = 1000;

export interface CommentContext {
  db: Kysely<Database>;
  now: () => Date;
  newId: () => string;
}

/** The person writing: comments are people's words, never an agent token's. */
export interface CommentWriter {
  userId: string;
  /** Their role in the project's workspace. */
  role: WorkspaceRole;
}

/** Where event links start (lib/platform/http/event-link-base.ts); null sends none. */
export interface LinkContext {
  linkBase: string | null;
}

const actorOf = (writer: CommentWriter) => `user:${writer.userId}`;

/** True when `draftId` names a draft of the project (not a variant, a revision, or another project's). */
export async function isDraftOf(db: Kysely<Database> | Transaction<Database>, projectId: string, draftId: string): Promise<boolean> {
  const stream = await findStream(db, draftId);
  return stream !== undefined && stream.projectId === projectId && stream.kind === 'draft';
}

function eventThreadOf(project: ProjectRecord, row: ThreadRow): EventThread {
  return { id: row.id, workspaceId: project.workspaceId, projectId: project.id, draftId: row.draft_id, target: { kind: row.target_kind, id: row.target_id } };
}

async function queue(trx: Transaction<Database>, change: CommentChange, project: ProjectRecord, row: ThreadRow, actor: string, now: Date, links: LinkContext): Promise<void> {
  await queueCommentEvents(trx, commentEventsOf(change, eventThreadOf(project, row), actor, now), { linkBase: links.linkBase });
}

async function lockedThread(trx: Transaction<Database>, projectId: string, threadId: string): Promise<ThreadRow> {
  const row = await findThreadRow(trx, projectId, threadId, { lock: true });
  if (!row) throw new NotFoundError('Thread not found');
  return row;
}

function idInUse(what: string): ConflictError {
  return new ConflictError(`${what} ID in use`, `Another ${what.toLowerCase()} has this ID; send another ID, or none.`, [{ field: 'id', message: 'is in use' }]);
}

export interface ThreadRequest {
  target: ThreadTarget;
  body: string;
  id?: string | null | undefined;
  draftId?: string | null | undefined;
  mentions?: readonly string[] | null | undefined;
}

/**
 * Opens a thread on a target with its first comment. An `id` already naming a thread of this
 * project answers that thread (`created` false, nothing written); one of another project is 409.
 * A draft, target or mention that names nothing is 400 on that field.
 */
export async function createThread(context: CommentContext, input: { project: ProjectRecord; writer: CommentWriter; request: ThreadRequest } & LinkContext): Promise<{ created: boolean; thread: ThreadView }> {
  const { project, writer, request } = input;
  const threadId = request.id?.toLowerCase() ?? context.newId();
  const draftId = request.draftId?.toLowerCase() ?? null;
  const target = { kind: request.target.kind, id: request.target.id.toLowerCase() };
  return context.db.transaction().execute(async (trx) => {
    const existing = async () => {
      const row = await findThreadRow(trx, project.id, threadId);
      if (row) return { created: false, thread: await readThreadView(trx, row) };
      if (await projectOfThreadId(trx, threadId)) throw idInUse('Thread');
      return null;
    };
    const before = await existing();
    if (before) return before;
    if (draftId !== null && !(await isDraftOf(trx, project.id, draftId))) throw new ValidationError('Unknown draft', [{ field: 'draftId', message: 'names no draft of this project' }]);
    if (!(await targetExists(trx, { projectId: project.id, streamId: draftId ?? project.id, target }))) {
      throw new ValidationError('Unknown target', [{ field: 'target.id', message: `names no ${target.kind} ${draftId === null ? 'of the main model' : 'in this draft'} of the project` }]);
    }
    const mentions = await resolveMentions(trx, project.workspaceId, request.mentions ?? []);
    const now = context.now();
    if (!(await insertThread(trx, { id: threadId, projectId: project.id, draftId, target, actor: actorOf(writer), now }))) {
      // A create with the same ID committed meanwhile.
      const after = await existing();
      if (after) return after;
      throw idInUse('Thread');
    }
    const commentId = context.newId();
    await appendComment(trx, { id: commentId, threadId, body: request.body, mentions, authorUserId: writer.userId, now });
    const row = (await findThreadRow(trx, project.id, threadId))!;
    await queue(trx, { kind: 'thread-created', commentId, mentions }, project, row, actorOf(writer), now, input);
    return { created: true, thread: await readThreadView(trx, row) };
  });
}

/** The thread with every comment in order; another project's thread is 404. */
export async function getThread(db: Kysely<Database>, projectId: string, threadId: string): Promise<ThreadView> {
  const row = await findThreadRow(db, projectId, threadId);
  if (!row) throw new NotFoundError('Thread not found');
  return readThreadView(db, row);
}

export interface ReplyRequest {
  body: string;
  id?: string | null | undefined;
  mentions?: readonly string[] | null | undefined;
}

async function commentView(db: Kysely<Database> | Transaction<Database>, commentId: string): Promise<CommentView> {
  const [view] = await commentViews(db, [(await findCommentRow(db, commentId))!]);
  return view!;
}

/**
 * Adds a comment at the end of a thread (open or resolved: a reply does not reopen it). An `id`
 * already naming a comment of this thread answers it (`created` false); of another thread, 409.
 */
export async function replyToThread(context: CommentContext, input: { project: ProjectRecord; threadId: string; writer: CommentWriter; request: ReplyRequest } & LinkContext): Promise<{ created: boolean; comment: CommentView }> {
  const { project, writer, request } = input;
  const commentId = request.id?.toLowerCase() ?? context.newId();
  return context.db.transaction().execute(async (trx) => {
    const thread = await lockedThread(trx, project.id, input.threadId);
    const existing = async () => {
      const row = await findCommentRow(trx, commentId);
      if (!row) return null;
      if (row.thread_id !== thread.id) throw idInUse('Comment');
      return { created: false, comment: await commentView(trx, commentId) };
    };
    const before = await existing();
    if (before) return before;
    if ((await countComments(trx, thread.id)) >= maxCommentsPerThread) {
      throw new ConflictError('Thread full', `A thread holds at most ${maxCommentsPerThread} comments; start a new thread.`);
    }
    const mentions = await resolveMentions(trx, project.workspaceId, request.mentions ?? []);
    const now = context.now();
    if (!(await appendComment(trx, { id: commentId, threadId: thread.id, body: request.body, mentions, authorUserId: writer.userId, now }))) {
      const after = await existing();
      if (after) return after;
      throw idInUse('Comment');
    }
    await touchThread(trx, thread.id, now);
    await queue(trx, { kind: 'replied', commentId, mentions }, project, thread, actorOf(writer), now, input);
    return { created: true, comment: await commentView(trx, commentId) };
  });
}

async function commentOfThread(trx: Transaction<Database>, thread: ThreadRow, commentId: string) {
  const row = await findCommentRow(trx, commentId);
  if (!row || row.thread_id !== thread.id) throw new NotFoundError('Comment not found');
  return row;
}

export interface EditRequest {
  body: string;
  /** Absent or null keeps the mentions; a list replaces them. */
  mentions?: readonly string[] | null | undefined;
}

/**
 * Changes the body (and, when given, the mentions) of one's own comment. People the edit adds
 * are notified (`comment.mentioned`); those it keeps or drops are not. A tombstone cannot be
 * edited (409); an unchanged comment is answered as it is.
 */
export async function editComment(context: CommentContext, input: { project: ProjectRecord; threadId: string; commentId: string; writer: CommentWriter; request: EditRequest } & LinkContext): Promise<CommentView> {
  const { project, writer, request } = input;
  return context.db.transaction().execute(async (trx) => {
    const thread = await lockedThread(trx, project.id, input.threadId);
    const row = await commentOfThread(trx, thread, input.commentId);
    if (row.author_user_id !== writer.userId) throw new ForbiddenError('Not your comment', 'Only its author may edit a comment.');
    if (row.deleted_at !== null) throw new ConflictError('Comment deleted', 'A deleted comment cannot be edited.');
    const mentions = request.mentions == null ? row.mentions : await resolveMentions(trx, project.workspaceId, request.mentions);
    const unchanged = row.body === request.body && mentions.length === row.mentions.length && mentions.every((m, i) => m === row.mentions[i]);
    if (!unchanged) {
      const now = context.now();
      await updateCommentText(trx, row.id, { body: request.body, mentions, now });
      await touchThread(trx, thread.id, now);
      await queue(trx, { kind: 'edited', commentId: row.id, mentionsBefore: row.mentions, mentionsAfter: mentions }, project, thread, actorOf(writer), now, input);
    }
    return commentView(trx, row.id);
  });
}

/**
 * Deletes a comment, leaving a tombstone in its place. Its author may delete it; an owner of
 * the workspace may delete any. Deleting a tombstone again changes nothing.
 */
export async function deleteComment(context: CommentContext, input: { project: ProjectRecord; threadId: string; commentId: string; writer: CommentWriter }): Promise<void> {
  const { project, writer } = input;
  await context.db.transaction().execute(async (trx) => {
    const thread = await lockedThread(trx, project.id, input.threadId);
    const row = await commentOfThread(trx, thread, input.commentId);
    if (row.author_user_id !== writer.userId && writer.role !== 'owner') throw new ForbiddenError('Not your comment', "Only its author or an owner of the workspace may delete a comment.");
    if (row.deleted_at !== null) return;
    const now = context.now();
    await tombstoneComment(trx, row.id, { actor: actorOf(writer), now });
    await touchThread(trx, thread.id, now);
  });
}

/**
 * Resolves or reopens a thread (editors). A thread already in that state is answered as it is;
 * resolving queues `comment.resolved`, reopening queues nothing.
 */
export async function setStatus(context: CommentContext, input: { project: ProjectRecord; threadId: string; writer: CommentWriter; status: ThreadStatus } & LinkContext): Promise<ThreadView> {
  const { project, writer } = input;
  return context.db.transaction().execute(async (trx) => {
    const thread = await lockedThread(trx, project.id, input.threadId);
    if (thread.status !== input.status) {
      const now = context.now();
      await setThreadStatus(trx, thread.id, { status: input.status, actor: actorOf(writer), now });
      if (input.status === 'resolved') await queue(trx, { kind: 'resolved' }, project, thread, actorOf(writer), now, input);
    }
    return readThreadView(trx, (await findThreadRow(trx, project.id, thread.id))!);
  });
}
