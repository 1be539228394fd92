import type { CommentEvent } from '../../lib/features/webhooks/comment-event';

/** A `comment.created` event of a person in a project, as the comment operations hand it to `queueCommentEvents`. */
export function commentCreatedEvent(at: { workspaceId: string; projectId: string; userId: string; occurredAt: Date }, overrides: Partial<CommentEvent> = {}): CommentEvent {
  return {
    type: 'comment.created',
    workspaceId: at.workspaceId,
    projectId: at.projectId,
    threadId: crypto.randomUUID(),
    commentId: crypto.randomUUID(),
    actor: `user:${at.userId}`,
    target: { kind: 'element', id: crypto.randomUUID(), draftId: null },
    mentionedUserId: null,
    occurredAt: at.occurredAt,
    ...overrides,
  };
}
