import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { memberList } from '../../contracts/account';
import { listMembers as readMembers } from '../../lib/features/workspaces/member-store';

/** Any member: 200 `{items[{userId,email,name,role,joinedAt}]}` by name then user ID. */
export const listMembers = defineRoute({
  group: 'members',
  operation: 'list-members',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/members',
  auth: 'person',
  summary: 'Members of a workspace with their role (member)',
  answers: { 200: memberList },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'viewer');
    return jsonResponse(200, { items: await readMembers(runtime.db, workspaceId) });
  },
});
