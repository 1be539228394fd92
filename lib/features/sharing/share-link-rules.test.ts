import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkPolicies, linkPolicyAllows, shareLinkStatus } from './share-link-rules';

const now = new Date('2026-05-01T12:00:00Z');
const past = new Date(now.getTime() - 1);
const future = new Date(now.getTime() + 1);

describe('the link policy (part 2 sharing.linkPolicy)', () => {
  it.each([
    ['off', false, false],
    ['off', true, false],
    ['password-only', false, false],
    ['password-only', true, true],
    ['public', false, true],
    ['public', true, true],
  ] as const)('%s allows a link with password %s: %s', (policy, hasPassword, allowed) => {
    expect(linkPolicyAllows(policy, hasPassword)).toBe(allowed);
  });

  it('a link is active, expired (at its expiry instant too), revoked, or blocked by the policy', () => {
    const link = { hasPassword: false, expiresAt: null, revokedAt: null };
    expect(shareLinkStatus(link, 'public', now)).toBe('active');
    expect(shareLinkStatus({ ...link, expiresAt: future }, 'public', now)).toBe('active');
    expect(shareLinkStatus({ ...link, expiresAt: now }, 'public', now)).toBe('expired');
    expect(shareLinkStatus({ ...link, expiresAt: past }, 'public', now)).toBe('expired');
    expect(shareLinkStatus({ ...link, revokedAt: past }, 'public', now)).toBe('revoked');
    expect(shareLinkStatus(link, 'password-only', now)).toBe('blocked');
    expect(shareLinkStatus({ ...link, hasPassword: true }, 'password-only', now)).toBe('active');
    expect(shareLinkStatus({ ...link, hasPassword: true }, 'off', now)).toBe('blocked');
  });

  it('revoked and expired win over blocked; blocked is exactly "the policy does not allow it"', () => {
    fc.assert(
      fc.property(fc.constantFrom(...linkPolicies), fc.boolean(), fc.option(fc.integer({ min: -5, max: 5 })), fc.boolean(), (policy, hasPassword, expiresIn, revoked) => {
        const link = { hasPassword, expiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn), revokedAt: revoked ? past : null };
        const status = shareLinkStatus(link, policy, now);
        if (revoked) expect(status).toBe('revoked');
        else if (expiresIn !== null && expiresIn <= 0) expect(status).toBe('expired');
        else expect(status).toBe(linkPolicyAllows(policy, hasPassword) ? 'active' : 'blocked');
      }),
    );
  });
});
