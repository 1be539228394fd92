import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse } from '../../lib/http/api-types';
import { defineRoute } from '../../lib/http/define-route';
import { pathUuid } from '../../lib/http/parse-input';
import { memberSchema } from '../../lib/openapi/answer-schemas';
import { listOf } from '../../lib/schema/schema-kit';
import { listMembers as readMembers } from '../../lib/workspaces/member-store';

/** Any member: 200 `{items[{userId,email,name,role,joinedAt}]}` by name then user ID. */
export const listMembers = defineRoute({
  group: 'members',
  operation: 'list-members',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/members',
  auth: 'person',
  summary: 'Members of a workspace with their role (member)',
  answers: { 200: listOf(memberSchema) },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'viewer');
    return jsonResponse(200, { items: await readMembers(runtime.db, workspaceId) });
  },
});
