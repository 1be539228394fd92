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
  /** "GET /api/auth/external/{provider} and .../complete: 10 calls per minute for each endpoint", per client address as the other sign-in limits. */
  externalStart: { name: 'external-start', limit: 10, windowSeconds: 60 },
  externalComplete: { name: 'external-complete', limit: 10, windowSeconds: 60 },
  /** Requests with no valid credential to /api, /mcp, /llms.txt, /llms-full.txt, /skills, /openapi.json, together (lib/platform/http/anonymous-limit.ts). */
  anonymous: { name: 'anonymous', limit: 300, windowSeconds: 60 },
  /** Requests to the public share pages (/s/…) per client address, together; not part of the anonymous limit (docs/sharing.md). */
  sharePages: { name: 'share-pages', limit: 300, windowSeconds: 60 },
  /** Invitations a workspace may issue per hour (docs/decisions.md). */
  invitations: { name: 'invitations', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>);

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one call against the rule, in Postgres, so every instance shares the
 * count. A sliding log: a call is allowed when fewer than `limit` calls were
 * allowed in the `windowSeconds` before it, so the limit holds over every
 * window, not per clock minute (with fixed windows a client could make twice
 * the limit across a boundary). A refused call is not logged. Refused → the
 * seconds until the oldest logged call leaves the window. One upsert: Postgres
 * locks the bucket's row, so calls at the same moment are counted exactly.
 */
export async function hitRateLimit(db: Kysely<Database>, rule: RateLimitRule, key: string, now: Date): Promise<RateLimitOutcome> {
  const windowMs = rule.windowSeconds * 1000;
  const cutoff = new Date(now.getTime() - windowMs);
  const expires = new Date(now.getTime() + windowMs);
  const bucket = `${rule.name}:${key}`;
  // The calls of the bucket still inside the window, oldest first.
  const kept = sql`array(select h from unnest(l.hits) as h where h > ${cutoff} order by h)`;
  const { rows } = await sql<{ allowed: boolean; oldest: Date | null }>`
    insert into rate_limit_log as l (bucket, hits, allowed, expires_at)
    values (${bucket}, array[${now}::timestamptz], true, ${expires})
    on conflict (bucket) do update set
      allowed = cardinality(${kept}) < ${rule.limit},
      hits = case when cardinality(${kept}) < ${rule.limit} then ${kept} || ${now}::timestamptz else ${kept} end,
      expires_at = case when cardinality(${kept}) < ${rule.limit} then greatest(l.expires_at, ${expires}) else l.expires_at end
    returning allowed, hits[1] as oldest
  `.execute(db);
  const row = rows[0]!;
  if (row.allowed) return { allowed: true };
  const oldestMs = row.oldest === null ? now.getTime() : new Date(row.oldest).getTime();
  const retryAfterSeconds = Math.min(rule.windowSeconds, Math.max(1, Math.ceil((oldestMs + windowMs - now.getTime()) / 1000)));
  return { allowed: false, retryAfterSeconds };
}

/** Removes buckets whose newest allowed call has left the window; run by the worker's schedule. */
export async function pruneRateLimitLog(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limit_log').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
