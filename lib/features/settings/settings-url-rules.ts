import { isIP } from 'node:net';
import type { Profile } from '../../platform/config/service-config';
import { isPrivateAddress } from '../../platform/net/private-address';
import type { ResolveHost } from '../../platform/net/resolve-host';

export interface UrlRuleContext {
  profile: Profile;
  allowPrivateNetworkUrls: boolean;
  /** Null: do not resolve names (a read, or a key the spec says is not resolved on save); only literal hosts count. */
  resolveHost: ResolveHost | null;
}

function bareHost(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** A host that is private without asking a resolver: a private IP literal, or `localhost` and names under it. */
function isLiteralPrivateHost(host: string): boolean {
  if (isIP(host) !== 0) return isPrivateAddress(host);
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Whether the host is private; a list of its addresses when it had to be resolved; a problem when it does not resolve. */
async function hostIsPrivate(host: string, resolveHost: ResolveHost | null): Promise<boolean | string> {
  if (isIP(host) !== 0 || resolveHost === null || isLiteralPrivateHost(host)) return isLiteralPrivateHost(host);
  let addresses: string[];
  try {
    addresses = await resolveHost(host);
  } catch {
    return `host ${host} does not resolve, so it cannot be shown to be public`;
  }
  if (addresses.length === 0) return `host ${host} does not resolve, so it cannot be shown to be public`;
  // Every address counts: one private answer is enough for a request to land inside.
  return addresses.some(isPrivateAddress);
}

/**
 * Part 2 "URL rules": at most 2000 characters (checked by the schema);
 * absolute with scheme http or https; no user name or password; with private
 * network URLs refused the host must not resolve to a private, loopback or
 * link-local address; hosted: https only, except plain http to a private host
 * while private URLs are allowed. Returns the problem, or null.
 */
export async function settingsUrlProblem(text: string, context: UrlRuleContext): Promise<string | null> {
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return 'must be an absolute http or https URL';
  const url = new URL(text);
  if (/^https?:\/\/[^/?#]*@/i.test(text)) return 'must not hold a user name or password';
  const host = bareHost(url);
  if (host === '') return 'must name a host';
  const needsPrivacy = !context.allowPrivateNetworkUrls || (context.profile === 'hosted' && url.protocol === 'http:');
  if (!needsPrivacy) return null;
  const isPrivate = await hostIsPrivate(host, context.resolveHost);
  if (typeof isPrivate === 'string') return isPrivate;
  if (!context.allowPrivateNetworkUrls && isPrivate) return 'must not point at a private, loopback or link-local address (policy.allowPrivateNetworkUrls is false)';
  if (context.profile === 'hosted' && url.protocol === 'http:' && !(isPrivate && context.allowPrivateNetworkUrls)) {
    return 'must use https (plain http only for a private-network host while private network URLs are allowed)';
  }
  return null;
}
