import { isIP } from 'node:net';
import { bareAddress, ipv6ToBigInt, isAddressInRanges, parseAddressRange, type AddressRange } from '../config/network-address';

function ranges(entries: string[]): AddressRange[] {
  return entries.map((entry) => parseAddressRange(entry) as AddressRange);
}

// Not public: unspecified, private (RFC 1918, shared CGNAT), loopback, link-local, benchmark, multicast and reserved.
const privateV4 = ranges(['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/4', '240.0.0.0/4']);
// Unspecified, loopback, unique local, link-local, old site-local, multicast.
const privateV6 = ranges(['::/128', '::1/128', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8']);

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, the old compatible ::a.b.c.d), or null. */
function embeddedIpv4(address: string): string | null {
  const bits = ipv6ToBigInt(address);
  const high = bits >> 32n;
  const carries = high === 0xffffn || high === 0x64ff9b0000000000000000n || (high === 0n && bits > 1n);
  if (!carries) return null;
  const low = Number(bits & 0xffffffffn);
  return [low >>> 24, (low >>> 16) & 255, (low >>> 8) & 255, low & 255].join('.');
}

/**
 * True when an IP address is private, loopback, link-local or otherwise not a
 * public address, IPv6 forms carrying an IPv4 address included. A text that is
 * no IP address is not private (the caller resolves names first).
 */
export function isPrivateAddress(address: string): boolean {
  const text = bareAddress(address);
  const family = isIP(text);
  if (family === 4) return isAddressInRanges(text, privateV4);
  if (family !== 6) return false;
  const v4 = embeddedIpv4(text);
  if (v4 !== null) return isAddressInRanges(v4, privateV4);
  return isAddressInRanges(text, privateV6);
}
