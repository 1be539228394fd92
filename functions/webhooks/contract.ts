import { z } from 'zod';
import { pageQuery } from '../../lib/http/common-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { describes, guid, pageOf, timestamp } from '../../lib/openapi/schema-kit';
import { commentEventPayloadSchema } from '../../lib/webhooks/comment-event-payload';
import type { WebhookDeliveryView } from '../../lib/webhooks/webhook-event-store';

const deliverySchema = describes<WebhookDeliveryView>()(
  z
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
    .meta({ id: 'WebhookDelivery' }),
);

export const contracts: GroupContracts = {
  'list-webhook-deliveries': {
    query: pageQuery,
    responses: { 200: pageOf(deliverySchema), 400: 'problem' },
    access: { role: 'owner' },
    description: "Comment events of the workspace, newest queued first, each with its body as sent and every try; `cursor` is the `nextCursor` of the page before (another list's is 400 on `cursor`).",
    example: { query: { limit: '10' } },
  },
};
