import { isIP } from 'node:net';
import { bareAddress, ipv6ToBigInt } from '../../platform/config/network-address';

/**
 * The client a failed sign-in is counted against: an IPv4 address as it is,
 * an IPv6 address by its /64 network. One subscriber usually holds a whole
 * /64, so counting single IPv6 addresses would give an attacker 2^64 fresh
 * starts. An IPv4 peer seen through a dual-stack socket (::ffff:a.b.c.d)
 * counts as the IPv4 address.
 *
 * @example
 * signInClientKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function signInClientKey(address: string): string {
  const text = bareAddress(address);
  const family = isIP(text);
  if (family !== 6) return text;
  const network = ipv6ToBigInt(text) >> 64n;
  const hextets = [48n, 32n, 16n, 0n].map((shift) => ((network >> shift) & 0xffffn).toString(16));
  return `${hextets.join(':')}::/64`;
}
