/**
 * Comment events of part 2 "Events", as the comment operations queue them and the webhook
 * delivers them: defined here, where they are delivered, so the comments feature depends on the
 * webhooks and never the other way round.
 */

export const commentEventTypes = ['comment.created', 'comment.mentioned', 'comment.resolved'] as const;
export type CommentEventType = (typeof commentEventTypes)[number];

export interface CommentEvent {
  type: CommentEventType;
  workspaceId: string;
  projectId: string;
  threadId: string;
  /** The comment the event is about (for `comment.resolved`: null). */
  commentId: string | null;
  /** `user:<id>` or `agent-token:<id>`. */
  actor: string;
  target: { kind: string; id: string; draftId: string | null };
  /** For `comment.mentioned`: the person mentioned (one event per person). */
  mentionedUserId: string | null;
  occurredAt: Date;
}
