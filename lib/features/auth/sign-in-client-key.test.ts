import { describe, expect, it } from 'vitest';
import { signInClientKey } from './sign-in-client-key';

/** Which failed sign-ins count together (docs/sign-in.md "Who is counted"). */
describe('signInClientKey', () => {
  it('an IPv4 address is its own client', () => {
    expect(signInClientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(signInClientKey('198.51.100.8')).not.toBe(signInClientKey('198.51.100.7'));
  });

  it('an IPv4 peer seen through a dual-stack socket is the same client as the IPv4 address', () => {
    expect(signInClientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(signInClientKey('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });

  it('IPv6 addresses of one /64 are one client, whatever their spelling; another /64 is another', () => {
    const key = signInClientKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(signInClientKey('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(signInClientKey('[2001:db8:1:2:aaaa::9]')).toBe(key);
    expect(signInClientKey('2001:db8:1:2::1%eth0')).toBe(key);
    expect(signInClientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(signInClientKey('::1')).toBe('0:0:0:0::/64');
  });
});
