import { isIP } from 'node:net';
import { bareAddress, ipv6ToBigInt, isAddressInRanges, parseAddressRange, type AddressRange } from '../config/network-address';

function ranges(entries: string[]): AddressRange[] {
  return entries.map((entry) => parseAddressRange(entry) as AddressRange);
}

// Not public: unspecified, private (RFC 1918, shared CGNAT), loopback, link-local, IETF protocol
// assignments, documentation, benchmark, multicast and reserved.
const privateV4 = ranges([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
]);
// Unspecified, loopback, discard-only, benchmark, ORCHID, documentation, unique local, link-local,
// old site-local, multicast.
const privateV6 = ranges(['::/128', '::1/128', '100::/64', '2001:2::/48', '2001:10::/28', '2001:20::/28', '2001:db8::/32', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8']);

function ipv4Text(bits: bigint): string {
  const value = Number(bits & 0xffffffffn);
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/**
 * Every IPv4 address an IPv6 address may carry to a gateway or a dual-stack host, so that none of
 * them reaches a private IPv4 address by another spelling (docs/security.md "Outbound requests").
 */
function embeddedIpv4(address: string): string[] {
  const bits = ipv6ToBigInt(address);
  const top96 = bits >> 32n;
  const found: string[] = [];
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT), 64:ff9b::a.b.c.d (NAT64).
  if ((top96 === 0n && bits > 1n) || top96 === 0xffffn || top96 === 0xffff0000n || top96 === 0x64ff9b0000000000000000n) found.push(ipv4Text(bits));
  // 64:ff9b:1::/48, the local-use NAT64 prefix: the gateway's own choice of where the IPv4 address
  // sits, so the lowest 32 bits (RFC 8215 with a /96) are what it most often means.
  if (bits >> 80n === 0x64ff9b0001n) found.push(ipv4Text(bits));
  // 2002:a.b.c.d::/48, 6to4.
  if (bits >> 112n === 0x2002n) found.push(ipv4Text(bits >> 80n));
  // 2001:0::/32, Teredo: the server in bits 32–63, the client obfuscated (inverted) in the last 32.
  if (bits >> 96n === 0x20010000n) found.push(ipv4Text(bits >> 64n), ipv4Text(~bits));
  // ISATAP interface identifiers (…:0:5efe:a.b.c.d, …:200:5efe:a.b.c.d) under any prefix.
  const interfaceHigh = (bits >> 32n) & 0xffffffffn;
  if (interfaceHigh === 0x5efen || interfaceHigh === 0x2005efen) found.push(ipv4Text(bits));
  return found;
}

/**
 * True when an IP address is private, loopback, link-local or otherwise not a public address,
 * IPv6 forms carrying an IPv4 address included (mapped, SIIT, compatible, NAT64 and its local-use
 * prefix, 6to4, Teredo, ISATAP). A text that is no IP address is not private (the caller resolves
 * names first).
 *
 * @example
 * isPrivateAddress('2002:7f00:1::') // true: 6to4 for 127.0.0.1
 */
export function isPrivateAddress(address: string): boolean {
  const text = bareAddress(address);
  const family = isIP(text);
  if (family === 4) return isAddressInRanges(text, privateV4);
  if (family !== 6) return false;
  if (isAddressInRanges(text, privateV6)) return true;
  return embeddedIpv4(text).some((v4) => isAddressInRanges(v4, privateV4));
}
