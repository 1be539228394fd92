import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { webhookDeliveriesPage } from '../../contracts/webhooks';
import { webhookDeliveriesPage as readDeliveriesPage } from '../../lib/features/webhooks/webhook-event-store';



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
  answers: { 200: webhookDeliveriesPage, 400: 'problem' },
  access: { role: 'owner' },
  description: "Comment events of the workspace, newest queued first, each with its body as sent and every try; `cursor` is the `nextCursor` of the page before (another list's is 400 on `cursor`).",
  example: { query: { limit: '10' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const { cursor, limit } = parseQuery(pageQuery, query);
    return jsonResponse(200, await readDeliveriesPage(runtime.db, runtime.keyring, { workspaceId, cursor, limit }));
  },
});
