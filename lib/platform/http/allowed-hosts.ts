import { HttpProblem } from './problem';

/**
 * `AllowedHosts` as a test of the `Host` a request names (part 2
 * "Environment"; docs/security.md). Entries are host names or addresses
 * without a scheme: `design.example.com` or `127.0.0.1` match with any port,
 * `design.example.com:8443` only with that port, `*.example.com` any name
 * below example.com (local profile only; the hosted profile refuses
 * wildcards at start), `*` every host. IPv6 addresses are written `[::1]` or
 * `::1`. The host of `Svc__PublicUrl` is always allowed: it is the address
 * the operator says people use.
 */
export type HostTest = (host: string | undefined) => boolean;

/** A `Host` value split into its lower-case name (IPv6 in brackets, no trailing dot) and port. */
export interface HostParts {
  name: string;
  port: string | null;
}

// A registered name or IPv4 address, or an IPv6 address in brackets; then an optional port.
const hostPattern = /^(\[[0-9a-f:.]+\]|[a-z0-9_~!$&'()*+,;=%.-]+)(?::([0-9]{1,5}))?$/;

/** The parts of a `Host` header (or an `AllowedHosts` entry); null for text that names no host. */
export function parseHost(text: string): HostParts | null {
  let value = text.trim().toLowerCase();
  // A bare IPv6 address (an AllowedHosts entry such as ::1) has several colons and no brackets.
  if (!value.startsWith('[') && (value.match(/:/g)?.length ?? 0) > 1) value = `[${value}]`;
  const match = hostPattern.exec(value);
  if (!match) return null;
  const name = match[1]!.endsWith('.') ? match[1]!.slice(0, -1) : match[1]!;
  if (name === '') return null;
  return { name, port: match[2] ?? null };
}

/**
 * The test of one configuration: built once per process (a Set lookup per
 * request), from the `AllowedHosts` entries and `Svc__PublicUrl`.
 *
 * @example
 * const allowed = allowedHostTest(['design.example.com'], null);
 * allowed('design.example.com:443') // true
 * allowed('evil.example') // false
 */
export function allowedHostTest(entries: readonly string[], publicUrl: string | null): HostTest {
  if (entries.includes('*')) return () => true;
  const anyPort = new Set<string>();
  const withPort = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of entries) {
    if (entry.startsWith('*.')) {
      suffixes.push(entry.slice(1).toLowerCase());
      continue;
    }
    const parts = parseHost(entry);
    if (!parts) continue;
    if (parts.port === null) anyPort.add(parts.name);
    else withPort.add(`${parts.name}:${parts.port}`);
  }
  if (publicUrl !== null) anyPort.add(new URL(publicUrl).hostname.toLowerCase());
  return (host) => {
    if (host === undefined) return false;
    const parts = parseHost(host);
    if (!parts) return false;
    if (anyPort.has(parts.name)) return true;
    if (parts.port !== null && withPort.has(`${parts.name}:${parts.port}`)) return true;
    for (const suffix of suffixes) if (parts.name.endsWith(suffix) && parts.name.length > suffix.length) return true;
    return false;
  };
}

/** 400 `host_not_allowed`: the request named a host this service does not answer for. */
export function hostNotAllowed(host: string | undefined): HttpProblem {
  const shown = host === undefined ? 'no host' : `"${host.slice(0, 100)}"`;
  return new HttpProblem(400, 'host_not_allowed', 'Host not allowed', {
    detail: `This service does not answer for ${shown}. Use one of the names in AllowedHosts or Svc__PublicUrl.`,
    errors: [{ field: 'Host', message: 'is not an allowed host' }],
  });
}
