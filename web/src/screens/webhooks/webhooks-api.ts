/**
 * The owner's delivery log of comment webhooks (docs/webhooks.md "Delivery log"): events newest
 * first, each with the body as sent and every try.
 */
import type { WebhookAttempt, WebhookDelivery } from '../../../../contracts/webhooks';
import { call } from '../../api/call';

export type { WebhookAttempt, WebhookDelivery };
export type WebhookEventStatus = WebhookDelivery['status'];
export type WebhookAttemptOutcome = WebhookAttempt['outcome'];

/** The credential that signs every request (docs/webhooks.md "The secret"). */
export const webhookSecretName = 'notifications:webhookSecret';

export const webhooksApi = {
  deliveries: (workspaceId: string, cursor: string | null, limit: number, signal: AbortSignal) => call('GET /api/workspaces/{workspaceId}/webhook-deliveries', { workspaceId }, { query: { cursor, limit }, signal }),
  settings: (workspaceId: string, signal: AbortSignal) => call('GET /api/workspaces/{workspaceId}/settings', { workspaceId }, { signal }),
  secrets: (workspaceId: string, signal: AbortSignal) => call('GET /api/workspaces/{workspaceId}/secrets', { workspaceId }, { signal }),
};

/** Each try's outcome in words (docs/webhooks.md "Delivery log"). */
const outcomeWords: Record<WebhookAttemptOutcome, string> = {
  delivered: 'delivered: the receiver answered 2xx',
  'http-status': 'the receiver answered another status; tried again',
  timeout: 'no answer within the time limit; tried again',
  'network-error': 'the name did not resolve, or the connection or TLS failed; tried again',
  'no-url': 'no webhook address is set now; not sent',
  'url-refused': 'the URL rules or the policy refuse the address; not sent',
  'no-secret': 'no signing key for the address’s origin; not sent',
};

export function outcomeInWords(outcome: WebhookAttemptOutcome): string {
  return outcomeWords[outcome] ?? outcome;
}

const statusWords: Record<WebhookEventStatus, string> = {
  pending: 'pending',
  delivered: 'delivered',
  failed: 'failed (every try)',
  'not-sent': 'not sent',
};

export function statusInWords(status: WebhookEventStatus): string {
  return statusWords[status] ?? status;
}
