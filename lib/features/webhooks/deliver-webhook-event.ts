import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database, WebhookAttemptOutcome, WebhookEventStatus } from '../../platform/db/schema';
import { PinnedRequestError, pinnedAddressRequest } from '../../platform/net/pinned-address-request';
import { readSecretForOrigin } from '../secrets/secret-store';
import { effectiveUnderPolicy } from '../settings/policy-violations';
import { builtInSettings } from '../settings/settings-schema';
import { readInstanceSettings, readWorkspaceSettings } from '../settings/settings-store';
import type { ResolveHost } from '../../platform/net/resolve-host';
import { settingsUrlProblem } from '../settings/settings-url-rules';
import { retryDelayMs, tryLeaseMs, webhookMaxTries } from './delivery-schedule';
import { claimWebhookEvent, recordDeliveryAttempt, type ClaimedWebhookEvent } from './webhook-event-store';
import { signatureHeader, webhookSignature } from './webhook-signature';

export interface WebhookDeliveryDependencies {
  db: Kysely<Database>;
  keyring: MasterKeyring;
  profile: Profile;
  now(): Date;
  /** The system resolver in the service; tests decide what a name means. */
  resolveHost: ResolveHost;
  /** One try's limit (`Svc__Webhooks__TimeoutMs`). */
  timeoutMs: number;
  /** The first retry's wait (`Svc__Webhooks__BackoffBaseMs`). */
  backoffBaseMs: number;
  userAgent: string;
}

/** What a run of the job did: sent, will try again, gave up, stopped without sending, or found nothing to do. */
export type WebhookDeliveryOutcome = 'delivered' | 'retry-scheduled' | 'failed' | 'not-sent' | 'not-pending';

const secretName = 'notifications:webhookSecret';

interface TryResult {
  outcome: WebhookAttemptOutcome;
  targetOrigin: string | null;
  statusCode: number | null;
  error: string | null;
}

/** The webhook URL that applies now, or why there is none (unset, or refused by the policy). */
async function currentWebhookUrl(deps: WebhookDeliveryDependencies, workspaceId: string): Promise<{ url: string; allowPrivateNetworkUrls: boolean } | { url: null; refusal: string | null }> {
  const instance = await readInstanceSettings(deps.db, deps.profile);
  const workspace = await readWorkspaceSettings(deps.db, workspaceId);
  const { effective, policyViolations } = effectiveUnderPolicy({ builtIns: builtInSettings(deps.profile), defaults: instance.defaults, overrides: workspace.overrides, policy: instance.policy });
  const url = effective.notifications.webhookUrl;
  if (url !== null && url !== '') return { url, allowPrivateNetworkUrls: instance.policy.allowPrivateNetworkUrls };
  const violation = policyViolations.find((v) => v.field === 'notifications.webhookUrl');
  return { url: null, refusal: violation ? `notifications.webhookUrl ${violation.message}` : null };
}

/** One try: the URL and secret as they are now, the URL rules on the resolved addresses, then the signed POST. */
async function tryOnce(deps: WebhookDeliveryDependencies, event: ClaimedWebhookEvent, attempt: number, at: Date): Promise<TryResult> {
  const current = await currentWebhookUrl(deps, event.workspaceId);
  if (current.url === null) {
    return current.refusal === null
      ? { outcome: 'no-url', targetOrigin: null, statusCode: null, error: 'notifications.webhookUrl is not set now' }
      : { outcome: 'url-refused', targetOrigin: null, statusCode: null, error: current.refusal };
  }
  const { url, allowPrivateNetworkUrls } = current;
  const targetOrigin = new URL(url).origin;
  // Part 2 "Credentials": the secret is bound to the origin of the webhook URL; one saved for another origin is never used.
  const secret = await readSecretForOrigin(deps.db, deps.keyring, { workspaceId: event.workspaceId, name: secretName, origin: targetOrigin });
  if (secret === null) {
    return { outcome: 'no-secret', targetOrigin, statusCode: null, error: `${secretName} is not set for ${targetOrigin} (not set, saved for another address, or unreadable); nothing is sent unsigned` };
  }
  try {
    const answer = await pinnedAddressRequest({
      url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': deps.userAgent,
        'svc-event-id': event.id,
        'svc-event-type': event.type,
        'svc-delivery-attempt': String(attempt),
        [signatureHeader.toLowerCase()]: webhookSignature(secret, event.payload, at),
      },
      body: event.payload,
      timeoutMs: deps.timeoutMs,
      resolveHost: deps.resolveHost,
      // The save-time URL rules again, judged on the very addresses the request will connect to.
      checkAddresses: (addresses) => settingsUrlProblem(url, { profile: deps.profile, allowPrivateNetworkUrls, resolveHost: async () => [...addresses] }),
      maxResponseBytes: 1024,
    });
    if (answer.status >= 200 && answer.status < 300) return { outcome: 'delivered', targetOrigin, statusCode: answer.status, error: null };
    return { outcome: 'http-status', targetOrigin, statusCode: answer.status, error: `answered ${answer.status}` };
  } catch (error) {
    if (!(error instanceof PinnedRequestError)) throw error;
    const outcome: WebhookAttemptOutcome = error.kind === 'refused' ? 'url-refused' : error.kind === 'timeout' ? 'timeout' : 'network-error';
    return { outcome, targetOrigin, statusCode: null, error: error.message.slice(0, 500) };
  }
}

/** Where the event stands after a try: sent, stopped without sending, given up, or due again. */
function statusAfter(outcome: WebhookAttemptOutcome, attempt: number, now: Date, backoffBaseMs: number): { status: WebhookEventStatus; nextTryAt: Date | null; finishedAt: Date | null } {
  if (outcome === 'delivered') return { status: 'delivered', nextTryAt: null, finishedAt: now };
  // Nothing was sent and trying again would change nothing until a person acts.
  if (outcome === 'no-url' || outcome === 'no-secret' || outcome === 'url-refused') return { status: 'not-sent', nextTryAt: null, finishedAt: now };
  if (attempt >= webhookMaxTries) return { status: 'failed', nextTryAt: null, finishedAt: now };
  return { status: 'pending', nextTryAt: new Date(now.getTime() + retryDelayMs(attempt, backoffBaseMs)), finishedAt: null };
}

/**
 * One run of the `deliver-webhook` job: takes the event (nothing to do when it was sent, given
 * up or is being sent), makes one try, and records it with the event's new state, the next
 * try's job included when one is due (docs/webhooks.md "Retries"). A try after a crash between
 * sending and recording may repeat a request: receivers tell repeats by the event ID.
 */
export async function deliverWebhookEvent(deps: WebhookDeliveryDependencies, eventId: string): Promise<WebhookDeliveryOutcome> {
  const startedAt = deps.now();
  const event = await claimWebhookEvent(deps.db, eventId, startedAt, new Date(startedAt.getTime() + tryLeaseMs(deps.timeoutMs)));
  if (!event) return 'not-pending';
  const attempt = event.attempts + 1;
  const result = await tryOnce(deps, event, attempt, startedAt);
  const endedAt = deps.now();
  const after = statusAfter(result.outcome, attempt, endedAt, deps.backoffBaseMs);
  const recorded = await recordDeliveryAttempt(deps.db, event.id, { attempt, startedAt, durationMs: Math.max(0, endedAt.getTime() - startedAt.getTime()), ...result }, after);
  if (!recorded) return 'not-pending';
  if (after.status === 'pending') return 'retry-scheduled';
  return after.status;
}
