import type { Task } from 'graphile-worker';
import packageJson from '../package.json';
import { getServiceRuntime } from '../lib/platform/runtime/service-runtime';
import { systemResolveHost } from '../lib/platform/net/resolve-host';
import { deliverWebhookEvent } from '../lib/features/webhooks/deliver-webhook-event';
import { deliverWebhookTask } from '../lib/features/webhooks/webhook-event-store';

export { deliverWebhookTask };

/**
 * Makes one try to deliver a queued comment event (docs/webhooks.md). Idempotent: an event
 * that was sent, given up or is being sent by another run is left alone; a failed try adds the
 * next try's job itself, with its backoff.
 */
export const deliverWebhookJob: Task = async (payload, helpers) => {
  const eventId = (payload as { eventId?: unknown } | null)?.eventId;
  if (typeof eventId !== 'string') {
    helpers.logger.error(`deliver-webhook without an event ID: ${JSON.stringify(payload)}`);
    return;
  }
  const runtime = await getServiceRuntime();
  const outcome = await deliverWebhookEvent(
    {
      db: runtime.db,
      keyring: runtime.keyring,
      profile: runtime.config.profile,
      now: runtime.now,
      resolveHost: systemResolveHost,
      timeoutMs: runtime.config.webhooks.timeoutMs,
      backoffBaseMs: runtime.config.webhooks.backoffBaseMs,
      userAgent: `svc-webhooks/${packageJson.version}`,
    },
    eventId,
  );
  if (outcome === 'failed') runtime.log.warn(`webhook event ${eventId}: given up after its last try (see GET /api/workspaces/{workspaceId}/webhook-deliveries)`);
  else helpers.logger.debug(`webhook event ${eventId}: ${outcome}`);
};
