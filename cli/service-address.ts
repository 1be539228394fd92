/**
 * The address of the service given by `--url` or `SVC_URL`, and the rule
 * that keeps the token off the wire in clear text: "http is refused for a
 * host other than this machine unless --allow-http" (part 2 "Command-line
 * tool").
 */
import { isIP } from 'node:net';
import { UsageError } from './exit-codes';

/** True for a name or address that can only mean this machine: `localhost` (and `*.localhost`), 127.0.0.0/8, ::1. */
export function isThisMachine(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host) || /^(0+:){7}0*1$/.test(host);
  return false;
}

/**
 * The base address requests go to, without a trailing slash (a path prefix is
 * kept for a service behind a proxy). Throws UsageError for a value that is no
 * http(s) address, carries a user name, query or fragment, or is plain http
 * to another machine without `allowHttp`.
 *
 * @example serviceBaseUrl('https://svc.example.com/', false) // 'https://svc.example.com'
 */
export function serviceBaseUrl(value: string, allowHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url: "${value}" is not an absolute http or https address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url: "${value}" is not an http or https address`);
  if (url.username !== '' || url.password !== '') throw new UsageError('--url: the address must not hold a user name or password (the token comes from SVC_TOKEN)');
  if (url.search !== '' || url.hash !== '') throw new UsageError('--url: the address must not have a query or a fragment');
  if (url.protocol === 'http:' && !allowHttp && !isThisMachine(url.hostname)) {
    throw new UsageError(`--url: plain http to ${url.hostname} would send the token in clear text; use https, or add --allow-http to send it anyway`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
