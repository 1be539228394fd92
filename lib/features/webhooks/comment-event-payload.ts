import { createHash } from 'node:crypto';
import type { CommentEventPayload } from '../../../contracts/webhooks';
import type { CommentEvent } from './comment-event';

export { commentEventPayloadSchema, type CommentEventPayload } from '../../../contracts/webhooks';

/** What the payload says about the people and places an event names, read in the queueing transaction. */
export interface CommentEventNames {
  workspace: { id: string; name: string };
  project: { id: string; name: string };
  actor: CommentEventPayload['actor'];
  mentioned: CommentEventPayload['mentioned'];
  /** The thread's status as the writing transaction left it; null when no thread row was found. */
  threadStatus: 'open' | 'resolved' | null;
}

/**
 * The event ID: a name-based UUID of what the event is about, so queueing the same event twice
 * (a retried request) stores it once. Version 8 (custom) of RFC 9562, from SHA-256.
 */
export function commentEventId(event: CommentEvent): string {
  const key = [event.type, event.workspaceId, event.threadId, event.commentId ?? '', event.mentionedUserId ?? '', event.occurredAt.toISOString()].join('\u0000');
  const bytes = createHash('sha256').update(key, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The web client's page of a thread (web/src/navigation.ts `projectPath`, area `comments`). */
export function threadLink(linkBase: string | null, event: Pick<CommentEvent, 'workspaceId' | 'projectId' | 'threadId'>): string | null {
  if (linkBase === null) return null;
  const segments = ['w', event.workspaceId, 'p', event.projectId, 'comments', event.threadId].map(encodeURIComponent);
  return `${linkBase.replace(/\/+$/, '')}/${segments.join('/')}`;
}

/** The payload of one event; without a stored thread status, `resolved` for `comment.resolved`, else `open`. */
export function commentEventPayload(event: CommentEvent, names: CommentEventNames, linkBase: string | null): CommentEventPayload {
  return {
    id: commentEventId(event),
    type: event.type,
    occurredAt: event.occurredAt.toISOString(),
    workspace: names.workspace,
    project: names.project,
    thread: { id: event.threadId, status: names.threadStatus ?? (event.type === 'comment.resolved' ? 'resolved' : 'open') },
    comment: event.commentId === null ? null : { id: event.commentId },
    actor: names.actor,
    target: { kind: event.target.kind, id: event.target.id, draftId: event.target.draftId },
    mentioned: event.type === 'comment.mentioned' ? names.mentioned : null,
    link: threadLink(linkBase, event),
  };
}
