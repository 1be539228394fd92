import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Comment events of part 2 "Events" (`comment.created`, `comment.mentioned`,
 * `comment.resolved`). The comment operations queue them inside the
 * transaction that writes the comment, so an event exists exactly when its
 * comment does; a graphile-worker job delivers them to `notifications.webhookUrl`
 * (never inside the request). docs/webhooks.md describes the payload.
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

export interface CommentEventContext {
  /**
   * The address links start with, decided while the request is known (`Svc__PublicUrl`;
   * else the hosted profile's request host, limited by `AllowedHosts`; the local profile
   * sends no link: null).
   */
  linkBase: string | null;
}

/**
 * Queues the events for delivery in the caller's transaction. Until webhook
 * delivery is in place nothing is queued, as when no webhook URL is set.
 */
export async function queueCommentEvents(_trx: Transaction<Database>, _events: readonly CommentEvent[], _context: CommentEventContext): Promise<void> {}
