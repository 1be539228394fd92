import { createHmac } from 'node:crypto';

/** The header that carries the signature of a webhook request. */
export const signatureHeader = 'Svc-Signature';

/**
 * The `Svc-Signature` value of a request body sent at `at`:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`.
 * The secret is the UTF-8 text of `notifications:webhookSecret`; the timestamp is signed with
 * the body so a receiver can refuse an old request replayed (docs/webhooks.md "Signature").
 *
 * @example
 * webhookSignature('whsec', '{"id":"…"}', new Date('2026-11-24T09:00:00Z'))
 * // 't=1795510800,v1=3f…'
 */
export function webhookSignature(secret: string, rawBody: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
