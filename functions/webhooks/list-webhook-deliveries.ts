import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { webhookDeliveriesPage } from '../../lib/webhooks/webhook-event-store';

/**
 * GET W/webhook-deliveries (owner): 200 `{items[{id, type, projectId, status, occurredAt,
 * queuedAt, nextTryAt, finishedAt, payload, attempts[{attempt, at, durationMs, targetOrigin,
 * outcome, statusCode, error}]}], nextCursor}`, newest first (docs/webhooks.md "Delivery log").
 */
export const listWebhookDeliveries: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const { cursor, limit } = parseQuery(pageQuery, query);
  return jsonResponse(200, await webhookDeliveriesPage(runtime.db, runtime.keyring, { workspaceId, cursor, limit }));
};
