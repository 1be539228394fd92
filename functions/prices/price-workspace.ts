import { authorizeWorkspace, type WorkspaceRole } from '../../lib/features/auth/access-policy';
import type { Caller } from '../../lib/platform/http/caller';
import type { ApiRequest } from '../../lib/platform/http/api-types';
import { pathUuid } from '../../lib/platform/http/parse-input';

/**
 * The workspace of a price route and the caller's access to it (docs/decisions.md "Prices"):
 * any member reads and searches; the owner adds, imports and deletes.
 */
export async function priceWorkspace(request: ApiRequest<Caller>, need: WorkspaceRole): Promise<{ workspaceId: string; caller: Caller }> {
  const { caller, runtime, pathParameters } = request;
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, need);
  return { workspaceId, caller };
}
