import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import type { InstancePolicy } from './settings-schema';
import { readInstanceSettings } from './settings-store';

export type { InstancePolicy } from './settings-schema';

/** The one place every caller reads the policy from: the stored instance settings, or the profile's built-in policy until an administrator saves one. */
export async function readInstancePolicy(db: Kysely<Database>, profile: Profile): Promise<InstancePolicy> {
  return (await readInstanceSettings(db, profile)).policy;
}
