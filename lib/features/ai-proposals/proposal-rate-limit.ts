import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { LimitReachedError } from '../../platform/errors/service-error';
import { hitRateLimit, type RateLimitRule } from '../../platform/rate-limit/hit-rate-limit';

/**
 * Proposals one caller may make in a project per minute, with AI or submitted
 * (docs/ai-proposals.md "Limits"); a provider's own `requestsPerMinute` is
 * counted by the AI layer on top of this.
 */
export const proposalCreations: RateLimitRule = Object.freeze({ name: 'ai-proposals', limit: 60, windowSeconds: 60 });

/** Counts one proposal creation; 429 `rate_limited` with `Retry-After` past the limit. */
export async function countProposalCreation(db: Kysely<Database>, projectId: string, actor: string, now: Date): Promise<void> {
  const outcome = await hitRateLimit(db, proposalCreations, `${projectId}:${actor}`, now);
  if (outcome.allowed) return;
  throw new LimitReachedError(
    'rate_limited',
    'Too many proposals',
    `At most ${proposalCreations.limit} proposals a minute per person and project; try again in ${outcome.retryAfterSeconds} seconds.`,
    outcome.retryAfterSeconds,
  );
}
