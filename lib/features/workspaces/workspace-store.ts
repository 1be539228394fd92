import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceRole } from '../../platform/db/schema';
import type { WorkspaceSummary as WorkspaceSummaryView } from '../../../contracts/account';

export type WorkspaceSummary = WorkspaceSummaryView;

type Db = Kysely<Database> | Transaction<Database>;

/** Creates a workspace with the given person as its owner. */
export async function createWorkspace(db: Db, name: string, ownerUserId: string, now: Date): Promise<{ id: string; name: string }> {
  const workspace = await db.insertInto('workspaces').values({ name, created_at: now }).returning(['id', 'name']).executeTakeFirstOrThrow();
  await db.insertInto('workspace_members').values({ workspace_id: workspace.id, user_id: ownerUserId, role: 'owner', created_at: now }).execute();
  return workspace;
}

/** The workspaces a person belongs to, with their role, by name then ID. */
/** Makes a workspace with its owner in one transaction. */
export function createWorkspaceOwnedBy(db: Kysely<Database>, name: string, ownerUserId: string, now: Date): Promise<{ id: string; name: string }> {
  return db.transaction().execute((trx) => createWorkspace(trx, name, ownerUserId, now));
}

export async function listWorkspacesOfUser(db: Db, userId: string): Promise<WorkspaceSummary[]> {
  return db
    .selectFrom('workspace_members')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
    .select(['workspaces.id', 'workspaces.name', 'workspace_members.role'])
    .where('workspace_members.user_id', '=', userId)
    .orderBy('workspaces.name')
    .orderBy('workspaces.id')
    .execute();
}

export async function findWorkspace(db: Db, workspaceId: string): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('workspaces').select(['id', 'name']).where('id', '=', workspaceId).executeTakeFirst();
}

export async function findMemberRole(db: Db, workspaceId: string, userId: string): Promise<WorkspaceRole | undefined> {
  const row = await db.selectFrom('workspace_members').select('role').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role;
}
