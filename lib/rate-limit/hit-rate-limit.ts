import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface RateLimitRule {
  /** Bucket prefix; the key (e.g. client address) follows it. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** The numbers of part 2 "Limits"; no setting changes them. */
export const rateLimitRules = Object.freeze({
  login: { name: 'login', limit: 10, windowSeconds: 60 },
  setup: { name: 'setup', limit: 10, windowSeconds: 60 },
  register: { name: 'register', limit: 10, windowSeconds: 60 },
  /** Requests with no valid credential to /api, /mcp, /llms.txt, /llms-full.txt, /skills, together. */
  anonymous: { name: 'anonymous', limit: 300, windowSeconds: 60 },
  /** Invitations a workspace may issue per hour (docs/decisions.md). */
  invitations: { name: 'invitations', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>);

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one call in the current fixed window of the rule, in Postgres, so
 * every instance shares the count. Over the limit → not allowed, with the
 * seconds until the window ends.
 */
export async function hitRateLimit(db: Kysely<Database>, rule: RateLimitRule, key: string, now: Date): Promise<RateLimitOutcome> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const bucket = `${rule.name}:${key}`;
  const row = await db
    .insertInto('rate_limit_windows')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit_windows.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits <= rule.limit) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds };
}

/** Removes windows that ended; run by the worker's schedule. */
export async function pruneRateLimitWindows(db: Kysely<Database>, now: Date): Promise<number> {
  const longestWindowMs = Math.max(...Object.values(rateLimitRules).map((r) => r.windowSeconds)) * 1000;
  const result = await db.deleteFrom('rate_limit_windows').where('window_start', '<', new Date(now.getTime() - longestWindowMs)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
