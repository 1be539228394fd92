import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { describes, guid, pageOf, timestamp } from '../../lib/platform/schema/schema-kit';
import { commentEventPayloadSchema } from '../../lib/features/webhooks/comment-event-payload';
import { webhookDeliveriesPage, type WebhookDeliveryView } from '../../lib/features/webhooks/webhook-event-store';

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

/**
 * `{items[{id, type, projectId, status, occurredAt, queuedAt, nextTryAt, finishedAt, payload,
 * attempts[{attempt, at, durationMs, targetOrigin, outcome, statusCode, error}]}], nextCursor}`,
 * newest first (docs/webhooks.md "Delivery log").
 */
export const listWebhookDeliveries = defineRoute({
  group: 'webhooks',
  operation: 'list-webhook-deliveries',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/webhook-deliveries',
  auth: 'person',
  summary: 'Webhook events of a workspace, newest first, each with its body and every try (owner)',
  query: pageQuery,
  answers: { 200: pageOf(deliverySchema), 400: 'problem' },
  access: { role: 'owner' },
  description: "Comment events of the workspace, newest queued first, each with its body as sent and every try; `cursor` is the `nextCursor` of the page before (another list's is 400 on `cursor`).",
  example: { query: { limit: '10' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const { cursor, limit } = parseQuery(pageQuery, query);
    return jsonResponse(200, await webhookDeliveriesPage(runtime.db, runtime.keyring, { workspaceId, cursor, limit }));
  },
});
