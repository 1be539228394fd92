import { isIP } from 'node:net';

/** An address or CIDR range of `Svc__TrustedProxies`. */
export interface AddressRange {
  family: 4 | 6;
  /** Network address as a big-endian bit string holder. */
  bits: bigint;
  prefixLength: number;
  text: string;
}

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** The 128 bits of an IPv6 address written without zone or brackets. */
export function ipv6ToBigInt(address: string): bigint {
  // An IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4ToBigInt(v4[1]!);
    text = `${text.slice(0, -v4[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headParts = head ? head.split(':').filter((p) => p !== '') : [];
  const tailParts = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [...headParts, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailParts];
  return parts.reduce((acc, part) => (acc << 16n) | BigInt(parseInt(part, 16)), 0n);
}

function addressBits(address: string, family: 4 | 6): bigint {
  return family === 4 ? ipv4ToBigInt(address) : ipv6ToBigInt(address);
}

/**
 * Parses one entry of `Svc__TrustedProxies`: an IPv4/IPv6 address or a CIDR
 * range. Returns a reason when the entry is not usable.
 */
export function parseAddressRange(entry: string): AddressRange | { error: string } {
  const [address, prefixText, extra] = entry.split('/');
  if (extra !== undefined || address === undefined) return { error: 'is neither an address nor a CIDR range' };
  const unbracketed = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(unbracketed);
  if (family !== 4 && family !== 6) return { error: 'is neither an address nor a CIDR range' };
  // isIP() accepts an IPv6 zone index (fe80::1%eth0); peers are compared without it.
  const zone = unbracketed.indexOf('%');
  const bare = zone >= 0 ? unbracketed.slice(0, zone) : unbracketed;
  const width = family === 4 ? 32 : 128;
  let prefixLength = width;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > width) {
      return { error: `has a prefix length outside 1 to ${width}` };
    }
    prefixLength = Number(prefixText);
  }
  if (prefixLength === 0) return { error: 'covers every address (prefix length 0)' };
  const mask = ((1n << BigInt(prefixLength)) - 1n) << BigInt(width - prefixLength);
  const bits = addressBits(bare, family) & mask;
  // A v4-mapped entry (::ffff:10.0.0.5, ::ffff:172.30.250.0/120) means IPv4 senders,
  // which isAddressInRanges compares as IPv4: store it as the IPv4 range.
  if (family === 6 && prefixLength >= 96 && bits >> 32n === 0xffffn) {
    if (prefixLength === 96) return { error: 'covers every IPv4 address (like 0.0.0.0/0)' };
    return { family: 4, bits: bits & 0xffffffffn, prefixLength: prefixLength - 96, text: entry };
  }
  return { family, bits, prefixLength, text: entry };
}

/**
 * An address as written in a URL or reported by a socket, reduced to what `isIP` reads: without
 * brackets or a zone (`%eth0`), and an IPv4 peer of a dual-stack socket (`::ffff:a.b.c.d`) as IPv4.
 *
 * @example
 * bareAddress('[::ffff:10.0.0.5]') // '10.0.0.5'
 */
export function bareAddress(address: string): string {
  let text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text)?.[1] ?? text;
}

/** True when `address` (as a socket reports it) lies in one of the ranges. */
export function isAddressInRanges(address: string, ranges: readonly AddressRange[]): boolean {
  if (ranges.length === 0) return false;
  const text = bareAddress(address);
  const family = isIP(text);
  if (family === 0) return false;
  const bits = addressBits(text, family as 4 | 6);
  const width = family === 4 ? 32 : 128;
  return ranges.some((range) => {
    if (range.family !== family) return false;
    const mask = ((1n << BigInt(range.prefixLength)) - 1n) << BigInt(width - range.prefixLength);
    return (bits & mask) === range.bits;
  });
}
