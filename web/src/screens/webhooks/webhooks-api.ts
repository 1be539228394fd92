/**
 * The owner's delivery log of comment webhooks (docs/webhooks.md "Delivery log"): events newest
 * first, each with the body as sent and every try.
 */
import { api, type Page } from '../../api/client';
import type { SecretStatus, WorkspaceSettings } from '../account/account-api';

export type WebhookEventStatus = 'pending' | 'delivered' | 'failed' | 'not-sent';
export type WebhookAttemptOutcome = 'delivered' | 'http-status' | 'timeout' | 'network-error' | 'no-url' | 'url-refused' | 'no-secret';

export interface WebhookAttempt {
  attempt: number;
  at: string;
  durationMs: number;
  /** The origin called, never the path or query. */
  targetOrigin: string | null;
  outcome: WebhookAttemptOutcome;
  statusCode: number | null;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  type: string;
  projectId: string;
  status: WebhookEventStatus;
  occurredAt: string;
  queuedAt: string;
  nextTryAt: string | null;
  finishedAt: string | null;
  /** The body as sent. */
  payload: unknown;
  attempts: WebhookAttempt[];
}

/** The credential that signs every request (docs/webhooks.md "The secret"). */
export const webhookSecretName = 'notifications:webhookSecret';

const ws = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;

export const webhooksApi = {
  deliveries: (workspaceId: string, cursor: string | null, limit: number, signal: AbortSignal) => api.get<Page<WebhookDelivery>>(`${ws(workspaceId)}/webhook-deliveries`, { query: { cursor, limit }, signal }),
  settings: (workspaceId: string, signal: AbortSignal) => api.get<WorkspaceSettings>(`${ws(workspaceId)}/settings`, { signal }),
  secrets: (workspaceId: string, signal: AbortSignal) => api.get<{ items: SecretStatus[] }>(`${ws(workspaceId)}/secrets`, { signal }),
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
