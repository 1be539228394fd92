import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { insertProject, type ProjectRecord } from '../workspaces/project-store';
import { createWorkspace } from '../workspaces/workspace-store';
import type { CommentEvent } from '../webhooks/comment-event';
import type { CommentEventContext } from './comment-events';
import { createThread, deleteComment, editComment, replyToThread, setStatus, type CommentContext, type CommentWriter } from './threads';

/**
 * The comment operations hand `queueCommentEvents` the events of each change, in the
 * transaction that writes it, with the link base they were given: a failing queue leaves
 * nothing written. (Delivery itself is the webhook job's; docs/comments.md "Events".)
 */

const queued: { events: CommentEvent[]; context: CommentEventContext }[] = [];
let failQueue = false;
vi.mock('./comment-events', () => ({
  queueCommentEvents: async (_trx: unknown, events: readonly CommentEvent[], context: CommentEventContext) => {
    if (failQueue) throw new Error('queue unavailable');
    queued.push({ events: [...events], context });
  },
}));

describe('comment events handed to the queue', () => {
  let database: TestDatabase;
  let context: CommentContext;
  let project: ProjectRecord;
  let writer: CommentWriter;
  let mentioned: string;
  const elementId = randomUUID();
  const at = new Date('2026-11-24T12:00:00.000Z');
  const links = { linkBase: 'https://design.example.com' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const [author, other] = await Promise.all(
      ['author@events.test', 'other@events.test'].map(async (email) => (await db.insertInto('users').values({ email, name: email, password_hash: null, created_at: at }).returning('id').executeTakeFirstOrThrow()).id),
    );
    const workspace = await createWorkspace(db, 'Events', author!, at);
    await db.insertInto('workspace_members').values({ workspace_id: workspace.id, user_id: other!, role: 'viewer', created_at: at }).execute();
    project = await insertProject(db, workspace.id, 'Events', null, at);
    await db.insertInto('model_entities').values({ stream_id: project.id, id: elementId, kind: 'element', body: JSON.stringify({ id: elementId, kind: 'app', name: 'Web' }), name_folded: 'web' }).execute();
    context = { db, now: () => at, newId: randomUUID };
    writer = { userId: author!, role: 'owner' };
    mentioned = other!;
  });

  afterAll(async () => {
    await database?.drop();
  });

  const take = () => queued.splice(0, queued.length);

  it('gives each change its events, with the link base, and none for a repeat, a reopen or a delete', async () => {
    const threadId = randomUUID();
    const made = await createThread(context, { project, writer, request: { id: threadId, target: { kind: 'element', id: elementId }, body: 'Hi', mentions: ['other@events.test'] }, ...links });
    const first = made.thread.comments[0]!.id;
    const base = { workspaceId: project.workspaceId, projectId: project.id, threadId, actor: `user:${writer.userId}`, target: { kind: 'element', id: elementId, draftId: null }, occurredAt: at };
    expect(take()).toEqual([
      {
        events: [
          { ...base, type: 'comment.created', commentId: first, mentionedUserId: null },
          { ...base, type: 'comment.mentioned', commentId: first, mentionedUserId: mentioned },
        ],
        context: links,
      },
    ]);

    await createThread(context, { project, writer, request: { id: threadId, target: { kind: 'element', id: elementId }, body: 'Hi again' }, ...links });
    expect(take()).toEqual([]);

    const reply = await replyToThread(context, { project, threadId, writer, request: { body: 'Reply' }, linkBase: null });
    expect(take()).toEqual([{ events: [{ ...base, type: 'comment.created', commentId: reply.comment.id, mentionedUserId: null }], context: { linkBase: null } }]);

    await editComment(context, { project, threadId, commentId: reply.comment.id, writer, request: { body: 'Reply, edited', mentions: [mentioned] }, ...links });
    expect(take().flatMap((q) => q.events)).toEqual([{ ...base, type: 'comment.mentioned', commentId: reply.comment.id, mentionedUserId: mentioned }]);
    await editComment(context, { project, threadId, commentId: reply.comment.id, writer, request: { body: 'Reply, edited twice', mentions: [mentioned] }, ...links });
    expect(take().flatMap((q) => q.events)).toEqual([]);

    await setStatus(context, { project, threadId, writer, status: 'resolved', ...links });
    expect(take().flatMap((q) => q.events)).toEqual([{ ...base, type: 'comment.resolved', commentId: null, mentionedUserId: null }]);
    await setStatus(context, { project, threadId, writer, status: 'resolved', ...links });
    await setStatus(context, { project, threadId, writer, status: 'open', ...links });
    await deleteComment(context, { project, threadId, commentId: reply.comment.id, writer });
    expect(take().flatMap((q) => q.events)).toEqual([]);
  });

  it('queues inside the writing transaction: when queueing fails, the comment is not written', async () => {
    const threadId = randomUUID();
    failQueue = true;
    try {
      await expect(createThread(context, { project, writer, request: { id: threadId, target: { kind: 'element', id: elementId }, body: 'Lost' }, ...links })).rejects.toThrow('queue unavailable');
    } finally {
      failQueue = false;
    }
    expect(await database.db.selectFrom('comment_threads').select('id').where('id', '=', threadId).executeTakeFirst()).toBeUndefined();
    expect(take()).toEqual([]);
  });
});
