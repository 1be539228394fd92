import { randomBytes } from 'node:crypto';
import { hashSecret } from '../../platform/crypto/secret-token';

/** A share token as it is made: base64url of 32 random bytes, 43 characters, no padding. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** A new share token (256 random bits); shown once, only its hash is kept. */
export function generateShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the table keeps of a token: SHA-256 hex (a random token needs no salt or stretching). */
export function hashShareToken(token: string): string {
  return hashSecret(token);
}

/** True when the text could be a token we made; anything else is answered 404 without a lookup. */
export function hasShareTokenShape(text: string): boolean {
  return tokenShape.test(text);
}

/** The address of a link's page: absolute on `Svc__PublicUrl` when it is set, else the path. */
export function shareLinkUrl(publicUrl: string | null, token: string): string {
  return `${publicUrl ?? ''}/s/${token}`;
}

/** The path of a link's page as browsers see it (under the path of `Svc__PublicUrl`, if it has one): the proof cookie's Path. */
export function shareLinkPath(publicUrl: string | null, token: string): string {
  const prefix = publicUrl === null ? '' : new URL(publicUrl).pathname.replace(/\/+$/, '');
  return `${prefix}/s/${token}`;
}
