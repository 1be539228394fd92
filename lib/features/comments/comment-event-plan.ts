import type { CommentEvent } from '../webhooks/comment-event';

/** The thread an event is about, as the events name it. */
export interface EventThread {
  id: string;
  workspaceId: string;
  projectId: string;
  draftId: string | null;
  target: { kind: string; id: string };
}

/** A change to a thread that may notify people (docs/comments.md "Events"). */
export type CommentChange =
  | { kind: 'thread-created'; commentId: string; mentions: readonly string[] }
  | { kind: 'replied'; commentId: string; mentions: readonly string[] }
  | { kind: 'edited'; commentId: string; mentionsBefore: readonly string[]; mentionsAfter: readonly string[] }
  | { kind: 'resolved' };

/**
 * The events a change gives, in order (pure): a new thread's first comment and each reply
 * give `comment.created` and one `comment.mentioned` per person mentioned; an edit gives
 * `comment.mentioned` only for people it adds; resolving gives `comment.resolved`. Reopening,
 * deleting, and requests answered with an existing record give none.
 */
export function commentEventsOf(change: CommentChange, thread: EventThread, actor: string, at: Date): CommentEvent[] {
  const base = {
    workspaceId: thread.workspaceId,
    projectId: thread.projectId,
    threadId: thread.id,
    actor,
    target: { kind: thread.target.kind, id: thread.target.id, draftId: thread.draftId },
    occurredAt: at,
  };
  const mentioned = (commentId: string, userIds: readonly string[]): CommentEvent[] => userIds.map((userId) => ({ ...base, type: 'comment.mentioned', commentId, mentionedUserId: userId }));
  switch (change.kind) {
    case 'thread-created':
    case 'replied':
      return [{ ...base, type: 'comment.created', commentId: change.commentId, mentionedUserId: null }, ...mentioned(change.commentId, change.mentions)];
    case 'edited':
      return mentioned(
        change.commentId,
        change.mentionsAfter.filter((userId) => !change.mentionsBefore.includes(userId)),
      );
    case 'resolved':
      return [{ ...base, type: 'comment.resolved', commentId: null, mentionedUserId: null }];
  }
}
