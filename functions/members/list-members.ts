import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listMembers as readMembers } from '../../lib/workspaces/member-store';

/** GET W/members (any member): 200 `{items[{userId,email,name,role,joinedAt}]}` by name then user ID. */
export const listMembers: Operation = async ({ runtime, caller, pathParameters }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'viewer');
  return jsonResponse(200, { items: await readMembers(runtime.db, workspaceId) });
};
