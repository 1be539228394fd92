import type { Kysely } from 'kysely';
import { verifyPassword } from '../auth/password';
import type { Database } from '../../platform/db/schema';
import { LimitReachedError } from '../../platform/errors/service-error';
import { hitRateLimit, type RateLimitRule } from '../../platform/rate-limit/hit-rate-limit';
import type { ShareLinkRecord } from './share-link-store';

/** Password attempts per link and client address (docs/sharing.md); every attempt counts, right or wrong. */
export const sharePasswordAttempts: RateLimitRule = Object.freeze({ name: 'share-password', limit: 10, windowSeconds: 15 * 60 });

/** Longest password a link takes (docs/sharing.md); a longer one given at the form is wrong without hashing. */
export const sharePasswordMaxCharacters = 200;
export const sharePasswordMinCharacters = 10;

/**
 * Checks a password given for a link: counted against the attempt limit
 * first (429 `rate_limited` with Retry-After when over it), then compared with
 * the stored hash in constant time.
 */
export async function checkSharePassword(db: Kysely<Database>, link: ShareLinkRecord, password: string, clientAddress: string, now: Date): Promise<boolean> {
  const outcome = await hitRateLimit(db, sharePasswordAttempts, `${link.id}:${clientAddress}`, now);
  if (!outcome.allowed) {
    throw new LimitReachedError('rate_limited', 'Too many password attempts', `Too many password attempts for this link from your address. Try again in ${outcome.retryAfterSeconds} s.`, outcome.retryAfterSeconds);
  }
  if (link.passwordHash === null) return true;
  if ([...password].length > sharePasswordMaxCharacters) return false;
  return verifyPassword(password, link.passwordHash);
}
