/**
 * Comment events as webhooks send them, and the owner's delivery log (docs/webhooks.md): one zod
 * schema per body and answer, its type made from it.
 */
import { z } from 'zod';
import { guid, pageOf, timestamp } from './schema-kit';

const named = z.strictObject({ id: z.string(), name: z.string() });
const person = z.strictObject({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() });

/**
 * The JSON body of a comment event (docs/webhooks.md "Payload"). The comment's words do not
 * travel: a receiver follows `link` or reads the thread through the API, so an edited or
 * deleted comment never lives on in queued payloads or in receivers' logs.
 */
export const commentEventPayloadSchema = z.strictObject({
  id: z.uuid().describe('Event ID; also in the Svc-Event-Id header. The same on every try.'),
  type: z.enum(['comment.created', 'comment.mentioned', 'comment.resolved']),
  occurredAt: z.iso.datetime().describe('When the comment was written or the thread resolved (UTC).'),
  workspace: named,
  project: named,
  thread: z.strictObject({ id: z.string(), status: z.enum(['open', 'resolved']) }),
  comment: z.strictObject({ id: z.string() }).nullable().describe('The comment; null for comment.resolved.'),
  actor: z.strictObject({
    kind: z.enum(['user', 'agent-token']),
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable().describe('A person’s e-mail; null for an agent token.'),
  }),
  target: z.strictObject({ kind: z.string(), id: z.string(), draftId: z.string().nullable() }),
  mentioned: person.nullable().describe('The person mentioned (comment.mentioned, one event each); null for the other types.'),
  link: z.string().nullable().describe('The thread in the web client; null when the service has no address to give (local profile without Svc__PublicUrl).'),
});

export type CommentEventPayload = z.infer<typeof commentEventPayloadSchema>;

/** An event as `GET W/webhook-deliveries` lists it: the body as sent and every try. */
export const webhookDeliverySchema =   z
    .object({
      id: guid.meta({ description: 'Event ID, as in the payload and the `Svc-Event-Id` header.' }),
      type: z.string().meta({ description: '`comment.created`, `comment.mentioned` or `comment.resolved`.' }),
      projectId: guid,
      status: z.enum(['pending', 'delivered', 'failed', 'not-sent']).meta({ description: '`pending`: a try is due at `nextTryAt`; `failed`: every try failed; `not-sent`: stopped without sending.' }),
      occurredAt: timestamp,
      queuedAt: timestamp,
      nextTryAt: timestamp.nullable(),
      finishedAt: timestamp.nullable(),
      payload: commentEventPayloadSchema.meta({ id: 'CommentEventPayload', description: 'The body as sent, the same bytes on every try.' }),
      attempts: z
        .array(
          z.object({
            attempt: z.number().int(),
            at: timestamp,
            durationMs: z.number().int(),
            targetOrigin: z.string().nullable(),
            outcome: z.enum(['delivered', 'http-status', 'timeout', 'network-error', 'no-url', 'url-refused', 'no-secret']),
            statusCode: z.number().int().nullable(),
            error: z.string().nullable(),
          }),
        )
        .meta({ description: 'Every try, in order.' }),
    })
    .meta({ id: 'WebhookDelivery' });

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type WebhookAttempt = WebhookDelivery['attempts'][number];

/** `GET W/webhook-deliveries`: events newest first. */
export const webhookDeliveriesPage = pageOf(webhookDeliverySchema);
