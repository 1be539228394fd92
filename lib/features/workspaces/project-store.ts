import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { afterNameThenId } from '../../platform/db/keyset-page';
import type { Project, ProjectListItem as ProjectListItemView } from '../../../contracts/account';

/** A project as the API shows it; `modelVersion` is the version of its main model. */
export type ProjectRecord = Project;

export type ProjectListItem = ProjectListItemView;

type Db = Kysely<Database> | Transaction<Database>;

/** Reads one project with the version of its main stream (whose ID is the project's). */
export async function findProject(db: Db, projectId: string): Promise<ProjectRecord | undefined> {
  const row = await db
    .selectFrom('projects')
    .innerJoin('model_streams', 'model_streams.id', 'projects.id')
    .select(['projects.id', 'projects.workspace_id', 'projects.name', 'projects.description', 'projects.created_at', 'model_streams.model_version'])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, workspaceId: row.workspace_id, name: row.name, description: row.description, modelVersion: row.model_version, createdAt: row.created_at.toISOString() };
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
  if (input.after) query = query.where(afterNameThenId(input.after));
  const rows = await query.orderBy('name').orderBy('id').limit(input.limit + 1).execute();
  return { items: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}

/** Creates a project and its main model stream (same ID), at version 0. */
export async function insertProject(db: Kysely<Database>, workspaceId: string, name: string, description: string | null, now: Date): Promise<ProjectRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('projects').values({ workspace_id: workspaceId, name, description, created_at: now }).returning(['id']).executeTakeFirstOrThrow();
    await trx.insertInto('model_streams').values({ id: row.id, project_id: row.id, kind: 'main', name: 'main', created_at: now }).execute();
    return (await findProject(trx, row.id))!;
  });
}

export async function updateProject(db: Kysely<Database>, projectId: string, changes: { name?: string; description?: string | null }): Promise<ProjectRecord> {
  await db.updateTable('projects').set(changes).where('id', '=', projectId).execute();
  return (await findProject(db, projectId))!;
}

/** Deletes a project; its rows in other tables go with it (foreign keys cascade). */
export async function deleteProject(db: Kysely<Database>, projectId: string): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', projectId).execute();
}
