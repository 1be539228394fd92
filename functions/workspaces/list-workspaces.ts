import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { workspaceSummaryList } from '../../contracts/account';
import { findWorkspace, listWorkspacesOfUser } from '../../lib/features/workspaces/workspace-store';

/** An agent token sees its own workspace; it holds scopes, not a role, so its role reads `viewer`. */
export const listWorkspaces = defineRoute({
  group: 'workspaces',
  operation: 'list-workspaces',
  method: 'GET',
  path: '/api/workspaces',
  auth: 'signed-in',
  tokenScope: 'any',
  summary: 'Workspaces of the caller with their role',
  answers: { 200: workspaceSummaryList },
  access: { role: 'any', note: 'An agent token sees its own workspace, with the role `viewer`.' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller }) => {
    if (caller.kind === 'agent-token') {
      const workspace = await findWorkspace(runtime.db, caller.workspaceId);
      return jsonResponse(200, { items: workspace ? [{ ...workspace, role: 'viewer' }] : [] });
    }
    return jsonResponse(200, { items: await listWorkspacesOfUser(runtime.db, caller.userId) });
  },
});
