import type { Profile } from '../config/service-config';

/** The instance policy keys that identity reads (part 2 "Instance policy"). */
export interface InstancePolicy {
  allowSelfRegistration: boolean;
  allowPrivateNetworkUrls: boolean;
  allowSendingPrivateCodeToAi: boolean;
  maxConcurrentStressRuns: number;
}

/** Built-in policy per profile; the stored instance settings lay over these once they exist. */
export function defaultInstancePolicy(profile: Profile): InstancePolicy {
  return {
    allowSelfRegistration: profile === 'hosted',
    allowPrivateNetworkUrls: profile === 'local',
    allowSendingPrivateCodeToAi: profile === 'local',
    maxConcurrentStressRuns: 4,
  };
}

/** The one place every caller reads the policy from. */
export async function readInstancePolicy(profile: Profile): Promise<InstancePolicy> {
  return defaultInstancePolicy(profile);
}
