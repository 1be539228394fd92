import { createGroupHandler } from '../../lib/http/create-group-handler';
import { createAgentToken } from './create-agent-token';
import { createProject } from './create-project';
import { createWorkspace } from './create-workspace';
import { listAgentTokens } from './list-agent-tokens';
import { listProjects } from './list-projects';
import { listWorkspaces } from './list-workspaces';
import { revokeAgentToken } from './revoke-agent-token';
import { listWorkspaceAudit } from './list-workspace-audit';

export const handler = createGroupHandler('workspaces', {
  'list-workspace-audit': listWorkspaceAudit,
  'list-workspaces': listWorkspaces,
  'create-workspace': createWorkspace,
  'list-projects': listProjects,
  'create-project': createProject,
  'list-agent-tokens': listAgentTokens,
  'create-agent-token': createAgentToken,
  'revoke-agent-token': revokeAgentToken,
});
