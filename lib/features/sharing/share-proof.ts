import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MasterKey, MasterKeyring } from '../../platform/crypto/master-key';

/** Name of the cookie that proves the password of one link was given (its Path is the link's page). */
export const shareProofCookieName = 'svc_share';

/** How long a given password holds (docs/sharing.md). */
export const shareProofLifetimeSeconds = 12 * 60 * 60;

/** A key of its own for the proofs, derived from a master key, so a proof is no cursor and no cursor a proof. */
function proofKey(key: MasterKey): Buffer {
  return createHmac('sha256', key.key).update('svc-share-proof-v1').digest();
}

function signature(key: MasterKey, linkId: string, expiresAtSeconds: number): Buffer {
  return createHmac('sha256', proofKey(key)).update(`${linkId}\n${expiresAtSeconds}`).digest();
}

/**
 * The cookie value after a right password: `<expiry in Unix seconds>.<HMAC>`,
 * the HMAC over the link ID and the expiry under the current master key.
 */
export function signShareProof(ring: MasterKeyring, linkId: string, now: Date): string {
  const expiresAtSeconds = Math.floor(now.getTime() / 1000) + shareProofLifetimeSeconds;
  return `${expiresAtSeconds}.${signature(ring.current, linkId, expiresAtSeconds).toString('base64url')}`;
}

/**
 * True when the value is a proof for this link that has not expired, signed
 * under the current or (during a rotation) the previous master key.
 */
export function verifyShareProof(ring: MasterKeyring, linkId: string, value: string | undefined, now: Date): boolean {
  if (value === undefined) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expiresAtSeconds = Number(match[1]);
  const nowSeconds = now.getTime() / 1000;
  if (expiresAtSeconds <= nowSeconds || expiresAtSeconds > nowSeconds + shareProofLifetimeSeconds) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  return [ring.current, ring.previous].some((key) => key !== null && timingSafeEqual(signature(key, linkId, expiresAtSeconds), given));
}

/** The Set-Cookie value of a proof: HttpOnly, SameSite=Strict, sent only below the link's page (`path`). */
export function shareProofCookie(value: string, path: string, secure: boolean): string {
  return `${shareProofCookieName}=${value}; Path=${path}; Max-Age=${shareProofLifetimeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
