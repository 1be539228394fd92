import type { Kysely } from 'kysely';
import type { ProjectRecord } from '../auth/access-policy';
import type { Database } from '../db/schema';

export interface ProjectListItem {
  id: string;
  name: string;
  description: string | null;
}

export interface ProjectPageInput {
  workspaceId: string;
  /** Position after which the page starts: the last item's name and ID. */
  after: { name: string; id: string } | null;
  limit: number;
  /** A restricted agent token sees only its project. */
  onlyProjectId: string | null;
}

/** One page of a workspace's projects in name-then-ID order, and whether more follow. */
export async function listProjectPage(db: Kysely<Database>, input: ProjectPageInput): Promise<{ items: ProjectListItem[]; hasMore: boolean }> {
  let query = db.selectFrom('projects').select(['id', 'name', 'description']).where('workspace_id', '=', input.workspaceId);
  if (input.onlyProjectId) query = query.where('id', '=', input.onlyProjectId);
  if (input.after) {
    const { name, id } = input.after;
    query = query.where((eb) => eb.or([eb('name', '>', name), eb.and([eb('name', '=', name), eb('id', '>', id)])]));
  }
  const rows = await query.orderBy('name').orderBy('id').limit(input.limit + 1).execute();
  return { items: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}

export async function insertProject(db: Kysely<Database>, workspaceId: string, name: string, description: string | null, now: Date): Promise<ProjectRecord> {
  const row = await db
    .insertInto('projects')
    .values({ workspace_id: workspaceId, name, description, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { id: row.id, workspaceId: row.workspace_id, name: row.name, description: row.description, modelVersion: row.model_version, createdAt: row.created_at.toISOString() };
}

export async function updateProject(db: Kysely<Database>, projectId: string, changes: { name?: string; description?: string | null }): Promise<ProjectRecord> {
  const row = await db.updateTable('projects').set(changes).where('id', '=', projectId).returningAll().executeTakeFirstOrThrow();
  return { id: row.id, workspaceId: row.workspace_id, name: row.name, description: row.description, modelVersion: row.model_version, createdAt: row.created_at.toISOString() };
}

/** Deletes a project; its rows in other tables go with it (foreign keys cascade). */
export async function deleteProject(db: Kysely<Database>, projectId: string): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', projectId).execute();
}
