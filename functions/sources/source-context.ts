import { actorOf, type Caller } from '../../lib/platform/http/caller';
import type { ServiceRuntime } from '../../lib/platform/runtime/service-runtime';
import type { ScanRequestContext } from '../../lib/features/scans/request-scan';
import { effectiveWorkspaceSettings } from '../../lib/features/settings/settings-service';
import type { KindContext } from '../../lib/features/sources/source-kinds';

/** What the Source rules read of the instance and the workspace: profile, sources root, effective settings. */
export async function sourceKindContext(runtime: ServiceRuntime, workspaceId: string): Promise<KindContext & { settings: Awaited<ReturnType<typeof effectiveWorkspaceSettings>> }> {
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspaceId);
  return { profile: runtime.config.profile, sourcesRoot: runtime.config.sourcesRoot, settings };
}

/** Everything a scan request is checked and recorded with: the kind context, the database, who asks and when. */
export async function scanRequestContext(runtime: ServiceRuntime, workspaceId: string, caller: Caller): Promise<ScanRequestContext> {
  return { db: runtime.db, ...(await sourceKindContext(runtime, workspaceId)), actor: actorOf(caller), now: runtime.now() };
}
