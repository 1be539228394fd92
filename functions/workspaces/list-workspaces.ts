import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { findWorkspace, listWorkspacesOfUser } from '../../lib/workspaces/workspace-store';

/**
 * GET /api/workspaces: 200 `{items[{id,name,role}]}`. An agent token sees its
 * own workspace; it holds scopes, not a role, so its role reads `viewer`.
 */
export const listWorkspaces: Operation = async ({ runtime, caller }) => {
  if (!caller) throw HttpProblem.unauthorized();
  if (caller.kind === 'agent-token') {
    const workspace = await findWorkspace(runtime.db, caller.workspaceId);
    return jsonResponse(200, { items: workspace ? [{ ...workspace, role: 'viewer' }] : [] });
  }
  return jsonResponse(200, { items: await listWorkspacesOfUser(runtime.db, caller.userId) });
};
