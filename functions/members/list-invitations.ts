import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listWorkspaceInvitations } from '../../lib/workspaces/invitation-store';

/** GET W/invitations (owner): 200 `{items[invitation]}` newest first, every status; never a secret. */
export const listInvitations: Operation = async ({ runtime, caller, pathParameters }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  return jsonResponse(200, { items: await listWorkspaceInvitations(runtime.db, workspaceId, runtime.now()) });
};
