import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAddressInRanges, parseAddressRange, type AddressRange } from './network-address';

/** Parses entries that must be valid; fails the test with the reason otherwise. */
function ranges(...entries: string[]): AddressRange[] {
  return entries.map((entry) => {
    const parsed = parseAddressRange(entry);
    if ('error' in parsed) throw new Error(`"${entry}" was refused: ${parsed.error}`);
    return parsed;
  });
}

describe('parseAddressRange', () => {
  it.each([
    ['10.0.0.5', 4, 32],
    ['172.30.250.0/24', 4, 24],
    ['192.168.1.1/32', 4, 32],
    ['10.0.0.0/1', 4, 1],
    ['::1', 6, 128],
    ['2001:db8::/32', 6, 32],
    ['[2001:db8::1]', 6, 128],
    ['[fd00::]/8', 6, 8],
    ['2001:db8::/128', 6, 128],
  ])('accepts %s as an IPv%s range of prefix length %s', (entry, family, prefixLength) => {
    const parsed = parseAddressRange(entry);
    expect(parsed).toMatchObject({ family, prefixLength, text: entry });
  });

  it('keeps only the network part of a range written with host bits', () => {
    expect(isAddressInRanges('10.1.2.200', ranges('10.1.2.77/24'))).toBe(true);
    expect(isAddressInRanges('10.1.3.1', ranges('10.1.2.77/24'))).toBe(false);
  });

  it.each([
    ['garbage', 'neither an address nor a CIDR range'],
    ['example.com', 'neither an address nor a CIDR range'],
    ['10.0.0', 'neither an address nor a CIDR range'],
    ['256.1.1.1', 'neither an address nor a CIDR range'],
    ['10.0.0.0/8/8', 'neither an address nor a CIDR range'],
    ['/24', 'neither an address nor a CIDR range'],
    ['2001:db8:::1', 'neither an address nor a CIDR range'],
    ['10.0.0.0/33', 'prefix length outside 1 to 32'],
    ['10.0.0.0/', 'prefix length outside 1 to 32'],
    ['10.0.0.0/-1', 'prefix length outside 1 to 32'],
    ['10.0.0.0/ 8', 'prefix length outside 1 to 32'],
    ['2001:db8::/129', 'prefix length outside 1 to 128'],
    ['0.0.0.0/0', 'covers every address'],
    ['10.0.0.0/0', 'covers every address'],
    ['::/0', 'covers every address'],
    ['2001:db8::/0', 'covers every address'],
  ])('refuses %s (%s)', (entry, reason) => {
    const parsed = parseAddressRange(entry);
    expect(parsed).toEqual({ error: expect.stringContaining(reason) });
  });

  it('refuses a v4-mapped IPv6 range that covers every IPv4 address, like 0.0.0.0/0', () => {
    expect(parseAddressRange('::ffff:0.0.0.0/96')).toEqual({ error: expect.stringContaining('covers every IPv4 address') });
    expect(parseAddressRange('::ffff:0:0/96')).toEqual({ error: expect.stringContaining('covers every IPv4 address') });
    expect(parseAddressRange('::ffff:0.0.0.0/97')).toMatchObject({ family: 4, prefixLength: 1 });
  });

  it('never throws on arbitrary text, and a result is either a range or a reason', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.ipV4(),
          fc.ipV6(),
          fc.tuple(fc.ipV6(), fc.string({ minLength: 1 })).map(([a, zone]) => `${a}%${zone}`),
          fc.tuple(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string()), fc.string()).map(([a, b]) => `${a}/${b}`),
          fc.tuple(fc.ipV6(), fc.integer({ min: -1, max: 130 })).map(([a, b]) => `${a}/${b}`),
        ),
        (entry) => {
        const parsed = parseAddressRange(entry);
        if ('error' in parsed) {
          expect(typeof parsed.error).toBe('string');
        } else {
          expect(parsed.prefixLength).toBeGreaterThanOrEqual(1);
          expect(parsed.prefixLength).toBeLessThanOrEqual(parsed.family === 4 ? 32 : 128);
        }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('accepts an IPv6 address with a zone index without failing', () => {
    // isIP() accepts zone indexes; such an entry must give a range or a reason, never a crash.
    for (const entry of ['fe80::%eth0', 'fe80::1%eth0', 'fe80::1%eth0/64', '::%1']) {
      expect(() => parseAddressRange(entry)).not.toThrow();
    }
    expect(isAddressInRanges('fe80::1%eth0', ranges('fe80::1%eth0'))).toBe(true);
    expect(isAddressInRanges('fe80::2', ranges('fe80::1%eth0/64'))).toBe(true);
  });
});

describe('isAddressInRanges', () => {
  it('trusts nobody without ranges', () => {
    expect(isAddressInRanges('127.0.0.1', [])).toBe(false);
    expect(isAddressInRanges('::1', [])).toBe(false);
  });

  it('matches a single IPv4 address exactly', () => {
    const trusted = ranges('10.0.0.5');
    expect(isAddressInRanges('10.0.0.5', trusted)).toBe(true);
    expect(isAddressInRanges('10.0.0.6', trusted)).toBe(false);
    expect(isAddressInRanges('10.0.0.4', trusted)).toBe(false);
  });

  it('matches IPv4 CIDR membership at the edges of the range', () => {
    const trusted = ranges('172.30.250.0/24');
    expect(isAddressInRanges('172.30.250.0', trusted)).toBe(true);
    expect(isAddressInRanges('172.30.250.1', trusted)).toBe(true);
    expect(isAddressInRanges('172.30.250.255', trusted)).toBe(true);
    expect(isAddressInRanges('172.30.249.255', trusted)).toBe(false);
    expect(isAddressInRanges('172.30.251.0', trusted)).toBe(false);
  });

  it('handles odd prefix lengths', () => {
    const trusted = ranges('10.0.0.0/9');
    expect(isAddressInRanges('10.127.255.255', trusted)).toBe(true);
    expect(isAddressInRanges('10.128.0.0', trusted)).toBe(false);
    const one = ranges('128.0.0.0/1');
    expect(isAddressInRanges('200.1.1.1', one)).toBe(true);
    expect(isAddressInRanges('127.255.255.255', one)).toBe(false);
  });

  it('matches IPv6 addresses and ranges, in any spelling of the address', () => {
    const trusted = ranges('2001:db8:abcd::/48', '::1');
    expect(isAddressInRanges('2001:db8:abcd::1', trusted)).toBe(true);
    expect(isAddressInRanges('2001:0db8:abcd:ffff:ffff:ffff:ffff:ffff', trusted)).toBe(true);
    expect(isAddressInRanges('2001:DB8:ABCD:0:0:0:0:7', trusted)).toBe(true);
    expect(isAddressInRanges('2001:db8:abce::1', trusted)).toBe(false);
    expect(isAddressInRanges('::1', trusted)).toBe(true);
    expect(isAddressInRanges('0:0:0:0:0:0:0:1', trusted)).toBe(true);
    expect(isAddressInRanges('[::1]', trusted)).toBe(true);
    expect(isAddressInRanges('::2', trusted)).toBe(false);
  });

  it('strips a zone index from the peer address', () => {
    expect(isAddressInRanges('fe80::1%eth0', ranges('fe80::/10'))).toBe(true);
  });

  it('treats a ::ffff:-mapped peer (dual-stack socket) as its IPv4 address', () => {
    const trusted = ranges('10.0.0.0/8');
    expect(isAddressInRanges('::ffff:10.1.2.3', trusted)).toBe(true);
    expect(isAddressInRanges('::FFFF:10.1.2.3', trusted)).toBe(true);
    expect(isAddressInRanges('::ffff:11.1.2.3', trusted)).toBe(false);
  });

  it('matches a trusted entry written in the ::ffff: form against the peer in either form', () => {
    // An operator copies the address the socket reports (::ffff:10.0.0.5) into Svc__TrustedProxies.
    const single = ranges('::ffff:10.0.0.5');
    expect(isAddressInRanges('::ffff:10.0.0.5', single)).toBe(true);
    expect(isAddressInRanges('10.0.0.5', single)).toBe(true);
    expect(isAddressInRanges('::ffff:10.0.0.6', single)).toBe(false);
    const range = ranges('::ffff:172.30.250.0/120');
    expect(isAddressInRanges('::ffff:172.30.250.9', range)).toBe(true);
    expect(isAddressInRanges('172.30.250.9', range)).toBe(true);
    expect(isAddressInRanges('172.30.251.9', range)).toBe(false);
  });

  it('never matches across families otherwise', () => {
    expect(isAddressInRanges('10.0.0.1', ranges('::a00:1'))).toBe(false);
    expect(isAddressInRanges('::a00:1', ranges('10.0.0.1'))).toBe(false);
    expect(isAddressInRanges('2001:db8::1', ranges('10.0.0.0/8'))).toBe(false);
  });

  it('does not match text that is not an address', () => {
    const trusted = ranges('10.0.0.0/8');
    expect(isAddressInRanges('', trusted)).toBe(false);
    expect(isAddressInRanges('unknown', trusted)).toBe(false);
    expect(isAddressInRanges('10.0.0.1:443', trusted)).toBe(false);
  });

  it('agrees with a plain integer comparison for random IPv4 addresses and ranges', () => {
    const toInt = (a: string) => a.split('.').reduce((acc, p) => acc * 256 + Number(p), 0);
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV4(), fc.integer({ min: 1, max: 32 }), (peer, network, prefix) => {
        const size = 2 ** (32 - prefix);
        const start = Math.floor(toInt(network) / size) * size;
        const inside = toInt(peer) >= start && toInt(peer) < start + size;
        const trusted = ranges(`${network}/${prefix}`);
        expect(isAddressInRanges(peer, trusted)).toBe(inside);
        expect(isAddressInRanges(`::ffff:${peer}`, trusted)).toBe(inside);
      }),
      { numRuns: 2000 },
    );
  });
});
