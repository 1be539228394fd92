import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMasterKey, type MasterKeyring } from '../../platform/crypto/master-key';
import { shareProofCookie, shareProofLifetimeSeconds, signShareProof, verifyShareProof } from './share-proof';

const keyA = toMasterKey(randomBytes(32));
const keyB = toMasterKey(randomBytes(32));
const ring: MasterKeyring = { current: keyA, previous: null };
const linkId = '5d2b1c1e-8f0a-4c39-9d36-0f7a8e3b2a11';
const otherLinkId = '5d2b1c1e-8f0a-4c39-9d36-0f7a8e3b2a12';
const now = new Date('2026-05-01T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('the password proof of a share link', () => {
  it('holds for its link for 12 hours, not for another link, not after', () => {
    const proof = signShareProof(ring, linkId, now);
    expect(verifyShareProof(ring, linkId, proof, now)).toBe(true);
    expect(verifyShareProof(ring, linkId, proof, at(shareProofLifetimeSeconds - 1))).toBe(true);
    expect(verifyShareProof(ring, linkId, proof, at(shareProofLifetimeSeconds))).toBe(false);
    expect(verifyShareProof(ring, otherLinkId, proof, now)).toBe(false);
    expect(verifyShareProof(ring, linkId, undefined, now)).toBe(false);
  });

  it('is signed under the master key: another key refuses it; during a rotation the previous key still accepts it', () => {
    const proof = signShareProof(ring, linkId, now);
    expect(verifyShareProof({ current: keyB, previous: null }, linkId, proof, now)).toBe(false);
    expect(verifyShareProof({ current: keyB, previous: keyA }, linkId, proof, now)).toBe(true);
  });

  it('an expiry moved later, or one beyond the lifetime, is refused', () => {
    const [expiry, mac] = signShareProof(ring, linkId, now).split('.');
    expect(verifyShareProof(ring, linkId, `${Number(expiry) + 1}.${mac}`, now)).toBe(false);
    const farProof = signShareProof(ring, linkId, at(3600));
    expect(verifyShareProof(ring, linkId, farProof, now)).toBe(false);
  });

  it('any other cookie text is refused without an exception', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        expect(verifyShareProof(ring, linkId, text, now)).toBe(false);
      }),
    );
  });

  it('the cookie is HttpOnly, SameSite=Strict and bound to the page path', () => {
    expect(shareProofCookie('v', '/s/abc', false)).toBe(`svc_share=v; Path=/s/abc; Max-Age=${shareProofLifetimeSeconds}; HttpOnly; SameSite=Strict`);
    expect(shareProofCookie('v', '/s/abc', true)).toMatch(/; Secure$/);
  });
});
