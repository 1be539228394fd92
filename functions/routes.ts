/**
 * The route list: every endpoint module of the service, one per line, grouped
 * by function group (the folder under functions/). The local server's
 * dispatch, the function bundles (esbuild.config.mjs), the infra template, the
 * OpenAPI document, the capability list and llms*.txt are all read from it.
 * Adding an endpoint is one new file, `functions/<group>/<operation>.ts`
 * exporting `defineRoute({...})`, and its line here (docs/architecture.md
 * "Adding an endpoint"); test/platform/route-list.test.ts checks that every
 * module is listed and sits in the folder its group names.
 */
import type { Endpoint } from '../lib/http/define-route';
import { routes as olderRoutes, routeKeyOf, type RouteDefinition } from '../lib/http/route-table';

// health
import { getHealth } from './health/get-health';
import { getHealthLive } from './health/get-health-live';

// setup
import { getSetupStatus } from './setup/get-setup-status';
import { postSetup } from './setup/post-setup';

// auth
import { postLogin } from './auth/post-login';
import { postLogout } from './auth/post-logout';
import { postRegister } from './auth/post-register';
import { getExternalComplete } from './auth/get-external-complete';
import { getExternalCallback } from './auth/get-external-callback';
import { getExternalStart } from './auth/get-external-start';
import { getMe } from './auth/get-me';

// instance
import { getInstance } from './instance/get-instance';
import { listInstanceAudit } from './instance/list-instance-audit';
import { getDiagnostics } from './instance/get-diagnostics';

// workspaces
import { listWorkspaces } from './workspaces/list-workspaces';
import { createWorkspace } from './workspaces/create-workspace';
import { listProjects } from './workspaces/list-projects';
import { createProject } from './workspaces/create-project';
import { listWorkspaceAudit } from './workspaces/list-workspace-audit';
import { listAgentTokens } from './workspaces/list-agent-tokens';
import { createAgentToken } from './workspaces/create-agent-token';
import { revokeAgentToken } from './workspaces/revoke-agent-token';

// projects
import { getProject } from './projects/get-project';
import { updateProject } from './projects/update-project';
import { deleteProject } from './projects/delete-project';

// model

// facts

// scenarios

// exports

// streams

// views

// share-links

// share

// costs

// promises

// load-tests

// ai

// comments

// mcp

// agent

// settings

// members
import { listMembers } from './members/list-members';
import { changeMemberRole } from './members/change-member-role';
import { removeMember } from './members/remove-member';
import { listInvitations } from './members/list-invitations';
import { createInvitation } from './members/create-invitation';
import { revokeInvitation } from './members/revoke-invitation';
import { listMyInvitations } from './members/list-my-invitations';
import { lookUpInvitation } from './members/look-up-invitation';
import { acceptInvitation } from './members/accept-invitation';
import { declineInvitation } from './members/decline-invitation';
import { registerThroughInvitation } from './members/register-through-invitation';

// sources

// imports

// hosts

// prices

// secrets
import { listSecrets } from './secrets/list-secrets';
import { putSecret } from './secrets/put-secret';
import { deleteSecret } from './secrets/delete-secret';

// webhooks

// web

// ai-proposals

// graph

// reference

export const endpoints: readonly Endpoint[] = Object.freeze([
  // health
  ...getHealth,
  getHealthLive,

  // setup
  getSetupStatus,
  postSetup,

  // auth
  postLogin,
  postLogout,
  postRegister,
  getExternalComplete,
  getExternalCallback,
  getExternalStart,
  getMe,

  // instance
  getInstance,
  listInstanceAudit,
  getDiagnostics,

  // workspaces
  listWorkspaces,
  createWorkspace,
  listProjects,
  createProject,
  listWorkspaceAudit,
  listAgentTokens,
  createAgentToken,
  revokeAgentToken,

  // projects
  getProject,
  updateProject,
  deleteProject,

  // model

  // facts

  // scenarios

  // exports

  // streams

  // views

  // share-links

  // share

  // costs

  // promises

  // load-tests

  // ai

  // comments

  // mcp

  // agent

  // settings

  // members
  listMembers,
  changeMemberRole,
  removeMember,
  listInvitations,
  createInvitation,
  revokeInvitation,
  listMyInvitations,
  lookUpInvitation,
  acceptInvitation,
  declineInvitation,
  registerThroughInvitation,

  // sources

  // imports

  // hosts

  // prices

  // secrets
  listSecrets,
  putSecret,
  deleteSecret,

  // webhooks

  // web

  // ai-proposals

  // graph

  // reference
]);

const endpointKeys = new Set(endpoints.map(routeKeyOf));

/** Every route of the service: the endpoint modules and the rows of the older table not yet moved into one. */
export const serviceRoutes: readonly RouteDefinition[] = Object.freeze([...olderRoutes.filter((route) => !endpointKeys.has(routeKeyOf(route))), ...endpoints]);
