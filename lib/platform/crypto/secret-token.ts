import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A high-entropy secret (256 bits) with a readable prefix, e.g. `svc_at_…`. */
export function generateSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** How secrets are stored: SHA-256 hex. Secrets are random, so no salt or stretching is needed. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time string comparison (lengths compared through their hashes). */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}
