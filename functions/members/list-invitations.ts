import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { invitationList } from '../../contracts/account';
import { listWorkspaceInvitations } from '../../lib/features/workspaces/invitation-store';

/** 200 `{items[invitation]}` newest first, every status; never a secret. */
export const listInvitations = defineRoute({
  group: 'members',
  operation: 'list-invitations',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/invitations',
  auth: 'person',
  summary: 'Invitations of a workspace, newest first, never their secrets (owner)',
  answers: { 200: invitationList },
  access: { role: 'owner' },
  example: {},
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    return jsonResponse(200, { items: await listWorkspaceInvitations(runtime.db, workspaceId, runtime.now()) });
  },
});
