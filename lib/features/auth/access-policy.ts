import type { Kysely } from 'kysely';
import type { Database, WorkspaceRole } from '../../platform/db/schema';
import { ForbiddenError, NotFoundError } from '../../platform/errors/service-error';
import { findProject, type ProjectRecord } from '../workspaces/project-store';
import { findMemberRole, findWorkspace } from '../workspaces/workspace-store';
import type { AgentTokenScope, Caller } from '../../platform/http/caller';

/** A member's role in a workspace, as the policy below ranks it. */
export type { WorkspaceRole };

const roleRank: Record<WorkspaceRole, number> = { viewer: 1, editor: 2, owner: 3 };

/** True when `role` is at least `need` (viewer < editor < owner). */
export function roleAtLeast(role: WorkspaceRole, need: WorkspaceRole): boolean {
  return roleRank[role] >= roleRank[need];
}

export interface AccessOptions {
  /**
   * The token scope that grants this access to an agent token. Reads default
   * to `read`; writes accept no token unless a scope is named (e.g. `push`).
   */
  tokenScope?: AgentTokenScope;
}

export interface WorkspaceAccess {
  workspace: { id: string; name: string };
  /** The person's role; null for an agent token. */
  role: WorkspaceRole | null;
}

/**
 * The scope that lets an agent token past a check of `need`: a read (viewer)
 * takes `read`, anything more only the scope the call names. The edge has
 * already applied the route's token rule (lib/platform/http/token-access.ts); this one
 * must never refuse a token that rule lets in (test/openapi/openapi-document.test.ts
 * and test/http/token-access.test.ts hold them together).
 */
export function tokenScopeFor(need: WorkspaceRole, options: AccessOptions = {}): AgentTokenScope | null {
  return options.tokenScope ?? (need === 'viewer' ? 'read' : null);
}

function checkToken(caller: Extract<Caller, { kind: 'agent-token' }>, need: WorkspaceRole, options: AccessOptions): void {
  const scope = tokenScopeFor(need, options);
  if (!scope || !caller.scopes.includes(scope)) {
    throw new ForbiddenError('Agent token not allowed', scope ? `This call needs an agent token with the "${scope}" scope.` : 'This call needs a signed-in person with the right role.');
  }
}

/**
 * The one policy check for workspace endpoints. A workspace the caller cannot
 * see answers 404 (its existence never leaks); a member below the needed role
 * gets 403.
 */
export async function authorizeWorkspace(db: Kysely<Database>, caller: Caller, workspaceId: string, need: WorkspaceRole, options: AccessOptions = {}): Promise<WorkspaceAccess> {
  const workspace = await findWorkspace(db, workspaceId);
  const notFound = new NotFoundError('Workspace not found');
  if (!workspace) throw notFound;
  if (caller.kind === 'agent-token') {
    if (caller.workspaceId !== workspaceId) throw notFound;
    checkToken(caller, need, options);
    return { workspace, role: null };
  }
  const role = await findMemberRole(db, workspaceId, caller.userId);
  if (!role) throw notFound;
  if (!roleAtLeast(role, need)) throw new ForbiddenError('Role too low', `This call needs the ${need} role in the workspace; you are ${role}.`);
  return { workspace, role };
}

export interface ProjectAccess {
  project: ProjectRecord;
  role: WorkspaceRole | null;
}

/**
 * The one policy check for project endpoints: membership of the project's
 * workspace with at least `need`, or an agent token of that workspace (and,
 * when restricted, of that project) with the scope. Otherwise 404, or 403 for
 * a member below the role.
 */
export async function authorizeProject(db: Kysely<Database>, caller: Caller, projectId: string, need: WorkspaceRole, options: AccessOptions = {}): Promise<ProjectAccess> {
  const project = await findProject(db, projectId);
  const notFound = new NotFoundError('Project not found');
  if (!project) throw notFound;
  if (caller.kind === 'agent-token') {
    if (caller.workspaceId !== project.workspaceId || (caller.projectId !== null && caller.projectId !== projectId)) throw notFound;
    checkToken(caller, need, options);
    return { project, role: null };
  }
  const role = await findMemberRole(db, project.workspaceId, caller.userId);
  if (!role) throw notFound;
  if (!roleAtLeast(role, need)) throw new ForbiddenError('Role too low', `This call needs the ${need} role in the workspace; you are ${role}.`);
  return { project, role };
}
