import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { CommentEvent } from '../webhooks/comment-event';
import { commentEventPayload } from '../webhooks/comment-event-payload';
import { configuredWebhookUrl, insertWebhookEvent, readCommentEventNames, readThreadStatuses } from '../webhooks/webhook-event-store';

/**
 * Comment events of part 2 "Events" (`comment.created`, `comment.mentioned`,
 * `comment.resolved`). The comment operations queue them inside the
 * transaction that writes the comment, so an event exists exactly when its
 * comment does; a graphile-worker job delivers them to `notifications.webhookUrl`
 * (never inside the request). docs/webhooks.md describes the payload.
 */


export interface CommentEventContext {
  /**
   * The address links start with, decided while the request is known (`Svc__PublicUrl`;
   * else the hosted profile's request host, limited by `AllowedHosts`; the local profile
   * sends no link: null).
   */
  linkBase: string | null;
}

/**
 * Queues the events for delivery in the caller's transaction: when the workspace has a webhook
 * URL set, each event is stored with the exact JSON body that will be sent (signatures cover
 * the raw body) and a `deliver-webhook` job is added; with none, nothing is stored. Queueing
 * the same event again (a retried request) stores and sends it once.
 */
export async function queueCommentEvents(trx: Transaction<Database>, events: readonly CommentEvent[], context: CommentEventContext): Promise<void> {
  for (const [key, group] of groupedByPlaceAndActor(events)) {
    const [workspaceId, projectId, actor] = key.split('\u0000') as [string, string, string];
    if ((await configuredWebhookUrl(trx, workspaceId)) === null) continue;
    const names = await readCommentEventNames(trx, { workspaceId, projectId, actor, mentionedUserIds: group.flatMap((e) => (e.mentionedUserId === null ? [] : [e.mentionedUserId])) });
    const statuses = await readThreadStatuses(trx, group.map((e) => e.threadId));
    for (const event of group) {
      const mentioned = event.mentionedUserId === null ? null : (names.mentioned.get(event.mentionedUserId) ?? { id: event.mentionedUserId, name: null, email: null });
      const payload = commentEventPayload(event, { ...names, mentioned, threadStatus: statuses.get(event.threadId) ?? null }, context.linkBase);
      await insertWebhookEvent(trx, { id: payload.id, workspaceId, projectId, type: event.type, payload: JSON.stringify(payload), occurredAt: event.occurredAt });
    }
  }
}

/** Events by workspace, project and actor, in their order: the names are read once per group. */
function groupedByPlaceAndActor(events: readonly CommentEvent[]): Map<string, CommentEvent[]> {
  const groups = new Map<string, CommentEvent[]>();
  for (const event of events) {
    const key = [event.workspaceId, event.projectId, event.actor].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  return groups;
}
