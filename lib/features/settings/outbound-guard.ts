import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import { createOutboundFetch, type OutboundFetch, type OutboundFetchOptions, type OutboundGuard } from '../../platform/net/outbound-fetch';
import { type ResolveHost, systemResolveHost } from '../../platform/net/resolve-host';
import { type InstancePolicy, readInstancePolicy } from './instance-policy';
import { settingsUrlProblem } from './settings-url-rules';

export interface OutboundGuardContext {
  db: Kysely<Database>;
  profile: Profile;
  /** Tests decide what a name means; the system resolver otherwise. */
  resolveHost?: ResolveHost;
  /** The policy when the caller has just read it (it is read here otherwise). */
  policy?: InstancePolicy;
}

/**
 * The guard of every outbound request (docs/security.md "Outbound requests"): part 2's URL rules
 * as a save applies them (`policy.allowPrivateNetworkUrls`, the hosted profile's https), judged
 * again on the addresses the request is about to connect to, so a name that resolved to a public
 * address when saved and to a private one now is refused now.
 */
export async function policyOutboundGuard(context: OutboundGuardContext): Promise<OutboundGuard> {
  const policy = context.policy ?? (await readInstancePolicy(context.db, context.profile));
  return {
    resolveHost: context.resolveHost ?? systemResolveHost,
    judge: (url, addresses) => settingsUrlProblem(url.href, { profile: context.profile, allowPrivateNetworkUrls: policy.allowPrivateNetworkUrls, resolveHost: async () => [...addresses] }),
  };
}

/** A `fetch` for one caller under the instance policy as it stands now. */
export async function policyOutboundFetch(context: OutboundGuardContext, options: Omit<OutboundFetchOptions, 'guard'> = {}): Promise<OutboundFetch> {
  return createOutboundFetch({ ...options, guard: await policyOutboundGuard(context) });
}
