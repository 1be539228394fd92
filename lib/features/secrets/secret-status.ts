import { builtInEnvironmentAddresses, fixedSecretNames, parseSecretName, secretOriginFor, type EnvironmentSecretAddresses, type SecretAddressSettings } from './secret-names';
import type { StoredSecret } from './secret-store';
import type { SecretState, SecretStatus as SecretStatusView } from '../../../contracts/account';

/**
 * - `not_set`: nothing stored.
 * - `ok`: stored, readable, and bound to the origin its address has now.
 * - `origin_changed`: saved for another address; it is not sent until saved again.
 * - `no_address`: its address is off or not set (or its AI provider is gone); it is sent nowhere.
 * - `unreadable`: it does not decrypt with the loaded master keys; save it again.
 */
export type { SecretState } from '../../../contracts/account';

/** One entry of `GET W/secrets`: everything about a credential except its value. */
export type SecretStatus = SecretStatusView;

function stateOf(stored: StoredSecret | undefined, current: string | null): { status: SecretState; message: string } {
  if (!stored) return { status: 'not_set', message: 'Not set.' };
  if (!stored.readable) return { status: 'unreadable', message: 'Cannot be decrypted with the loaded master keys; save it again.' };
  if (current === null) return { status: 'no_address', message: 'Saved, but the address it is sent to is not set; it is sent nowhere.' };
  if (stored.origin !== current) return { status: 'origin_changed', message: 'Saved for another address; save it again.' };
  return { status: 'ok', message: `Saved for ${current}.` };
}

/**
 * The status list of a workspace: every fixed name, the key of every
 * provider in `ai.providers`, and any other stored row (e.g. the key of a
 * provider that is gone), sorted by name.
 */
export function describeSecrets(stored: readonly StoredSecret[], settings: SecretAddressSettings = {}, environment: EnvironmentSecretAddresses = builtInEnvironmentAddresses): SecretStatus[] {
  const names = new Set<string>(fixedSecretNames);
  for (const provider of settings.ai?.providers ?? []) names.add(`ai:${provider.id.toLowerCase()}:apiKey`);
  for (const row of stored) names.add(row.name);
  const byName = new Map(stored.map((row) => [row.name, row]));
  return [...names].sort().map((name) => {
    const parsed = parseSecretName(name);
    const origin = parsed ? secretOriginFor(parsed, settings, environment) : { known: false as const };
    const current = origin.known ? origin.origin : null;
    const row = byName.get(name);
    return {
      name,
      isSet: row !== undefined,
      ...stateOf(row, current),
      savedForOrigin: row?.origin ?? null,
      currentOrigin: current,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedBy: row?.updatedBy ?? null,
    };
  });
}
