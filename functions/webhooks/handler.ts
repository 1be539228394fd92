import { createGroupHandler } from '../../lib/http/create-group-handler';
import { listWebhookDeliveries } from './list-webhook-deliveries';

export const handler = createGroupHandler('webhooks', {
  'list-webhook-deliveries': listWebhookDeliveries,
});
