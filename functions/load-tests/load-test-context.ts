import { randomUUID } from 'node:crypto';
import type { LoadTestContext } from '../../lib/features/load-tests/targets';
import type { ServiceRuntime } from '../../lib/platform/runtime/service-runtime';
import { systemResolveHost } from '../../lib/platform/net/resolve-host';

/** What the load-test rules need of the runtime; base URLs resolve with the system resolver, as settings URLs do. */
export function loadTestContext(runtime: ServiceRuntime): LoadTestContext {
  return { db: runtime.db, profile: runtime.config.profile, resolveHost: systemResolveHost, now: runtime.now, newId: randomUUID };
}
