import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingsUrlProblem } from '../../features/settings/settings-url-rules';
import { isPrivateAddress } from './private-address';

describe('isPrivateAddress', () => {
  it.each([
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['127.0.0.1', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['100.64.0.1', true],
    ['93.184.216.34', false],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fe80::1%eth0', true],
    ['fd00::5', true],
    ['2606:4700::1111', false],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::10.0.0.1', true],
    ['64:ff9b::808:808', false],
    ['[::1]', true],
    ['example.com', false],
    // SIIT (::ffff:0:0/96), 6to4 (2002::/16), local-use NAT64 (64:ff9b:1::/48), Teredo, ISATAP.
    ['::ffff:0:7f00:1', true],
    ['[::ffff:0:7f00:1]', true],
    ['::ffff:0:808:808', false],
    ['2002:7f00:1::', true],
    ['2002:a9fe:a9fe::1', true],
    ['2002:808:808::1', false],
    ['64:ff9b:1::7f00:1', true],
    ['64:ff9b:1::808:808', false],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', true],
    ['2001:0:808:808:8000:63bf:f7f7:f7f7', false],
    ['fe80::5efe:10.0.0.1', true],
    ['2001:db8::1', true],
    ['100::1', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

/** The 32 bits of an IPv4 address as two hextets. */
function hextets(v4: readonly number[]): [string, string] {
  const [a = 0, b = 0, c = 0, d = 0] = v4;
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

const privateV4 = fc.oneof(
  fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(0), fc.nat(255), fc.nat(255), fc.nat(255)),
);

/** Every way an IPv6 address can carry an IPv4 one, written as a URL host would hold it. */
const ipv6Spellings: ((v4: readonly number[]) => string)[] = [
  (v4) => `::ffff:${v4.join('.')}`,
  (v4) => `::ffff:${hextets(v4).join(':')}`,
  (v4) => `0:0:0:0:0:ffff:${hextets(v4).join(':')}`,
  (v4) => `::ffff:0:${hextets(v4).join(':')}`,
  (v4) => `::ffff:0:${v4.join('.')}`,
  (v4) => `64:ff9b::${hextets(v4).join(':')}`,
  (v4) => `64:ff9b:1::${hextets(v4).join(':')}`,
  (v4) => `2002:${hextets(v4).join(':')}::1`,
  (v4) => `2001:0:${hextets(v4).join(':')}::1`,
  (v4) => `fe80::5efe:${v4.join('.')}`,
];

describe('private addresses by every spelling', () => {
  it('an IPv6 form of a private IPv4 address is private, in any letter case, bracketed or not', () => {
    fc.assert(
      fc.property(privateV4, fc.nat(ipv6Spellings.length - 1), fc.boolean(), fc.boolean(), (v4, form, upper, bracketed) => {
        let text = ipv6Spellings[form]!(v4);
        if (upper) text = text.toUpperCase();
        if (bracketed) text = `[${text}]`;
        expect(isPrivateAddress(text)).toBe(true);
      }),
    );
  });

  it('a settings URL naming such a host is refused while private network URLs are refused', async () => {
    await fc.assert(
      fc.asyncProperty(privateV4, fc.nat(ipv6Spellings.length - 1), async (v4, form) => {
        const url = `https://[${ipv6Spellings[form]!(v4)}]:8443/api`;
        const problem = await settingsUrlProblem(url, { profile: 'local', allowPrivateNetworkUrls: false, resolveHost: null });
        expect(problem).toMatch(/private/);
      }),
    );
  });

  it('a public IPv4 address stays public in the mapped and NAT64 forms', () => {
    const publicV4 = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }));
    fc.assert(
      fc.property(publicV4, fc.constantFrom(0, 1, 3, 5, 7), (v4, form) => {
        expect(isPrivateAddress(ipv6Spellings[form]!(v4))).toBe(false);
      }),
    );
  });
});
