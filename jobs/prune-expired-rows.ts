import type { Task } from 'graphile-worker';
import { pruneExternalSignInAttempts } from '../lib/features/auth/external-sign-in';
import { pruneExpiredSessions } from '../lib/features/auth/session-store';
import { pruneSignInFailures } from '../lib/features/auth/sign-in-failure-store';
import { pruneRateLimitLog } from '../lib/platform/rate-limit/hit-rate-limit';
import { getServiceRuntime } from '../lib/platform/runtime/service-runtime';
import { pruneFinishedWebhookEvents } from '../lib/features/webhooks/webhook-event-store';

/**
 * Deletes ended sessions, rate-limit buckets and sign-in failure counts that count nothing any more, and webhook events finished 30 days ago. Scheduled every ten minutes;
 * idempotent, so a retry or two instances running it at once do no harm.
 */
export const pruneExpiredRows: Task = async (_payload, helpers) => {
  const runtime = await getServiceRuntime();
  const now = runtime.now();
  const sessions = await pruneExpiredSessions(runtime.db, now);
  const windows = await pruneRateLimitLog(runtime.db, now);
  const attempts = await pruneExternalSignInAttempts(runtime.db, now);
  const failures = await pruneSignInFailures(runtime.db, now);
  const webhookEvents = await pruneFinishedWebhookEvents(runtime.db, now);
  helpers.logger.debug(`pruned ${sessions} expired session(s), ${windows} rate-limit bucket(s), ${attempts} external sign-in attempt(s), ${failures} sign-in failure count(s) and ${webhookEvents} finished webhook event(s)`);
};
