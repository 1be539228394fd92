import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import type { SettingsContext } from './settings-service';
import { systemResolveHost } from '../../platform/net/resolve-host';

/** What the settings rules need of the runtime; names resolve with the system resolver. */
export function settingsContext(runtime: ServiceRuntime): SettingsContext {
  return { db: runtime.db, profile: runtime.config.profile, resolveHost: systemResolveHost, now: runtime.now };
}
