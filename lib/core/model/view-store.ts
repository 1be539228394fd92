import type { View, ViewPosition } from '../../../contracts/views';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type { ViewPosition };

/** A view of a project: a name, an optional root element and saved positions. Not part of revisions (contracts/views.ts). */
export type ViewRecord = View;

interface ViewRow {
  id: string;
  project_id: string;
  name: string;
  root_element_id: string | null;
  created_at: Date;
  updated_at: Date;
  position_ids: string[];
  position_xs: number[];
  position_ys: number[];
}

/** Views with their positions in element-ID order, in one statement (the positions as three parallel arrays). */
function selectViews(db: Db) {
  return db
    .selectFrom('views')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('view_positions')
          .select([
            sql<string[]>`coalesce(array_agg(element_id order by element_id), '{}')`.as('position_ids'),
            sql<number[]>`coalesce(array_agg(x order by element_id), '{}')`.as('position_xs'),
            sql<number[]>`coalesce(array_agg(y order by element_id), '{}')`.as('position_ys'),
          ])
          .whereRef('view_positions.view_id', '=', 'views.id')
          .as('p'),
      (join) => join.onTrue(),
    )
    .selectAll('views')
    .select(['p.position_ids', 'p.position_xs', 'p.position_ys']);
}

function toView(row: ViewRow): ViewRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    rootElementId: row.root_element_id,
    positions: row.position_ids.map((elementId, i) => ({ elementId, x: row.position_xs[i]!, y: row.position_ys[i]! })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The views of a project by name then ID, with their positions in element-ID order. */
export async function listViews(db: Db, projectId: string): Promise<ViewRecord[]> {
  const rows = await selectViews(db).where('views.project_id', '=', projectId).orderBy('views.name').orderBy('views.id').execute();
  return rows.map(toView);
}

/** One view of a project, or undefined (also when it belongs to another project). */
export async function findView(db: Db, projectId: string, viewId: string): Promise<ViewRecord | undefined> {
  const row = await selectViews(db).where('views.id', '=', viewId).where('views.project_id', '=', projectId).executeTakeFirst();
  return row ? toView(row) : undefined;
}

/** Inserts a view; false when the ID is taken (by any project). */
export async function insertView(db: Db, view: { id: string; projectId: string; name: string; rootElementId: string | null }, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('views')
    .values({ id: view.id, project_id: view.projectId, name: view.name, root_element_id: view.rootElementId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function updateView(db: Db, projectId: string, viewId: string, changes: { name: string; rootElementId: string | null }, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('views')
    .set({ name: changes.name, root_element_id: changes.rootElementId, updated_at: now })
    .where('id', '=', viewId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteView(db: Db, projectId: string, viewId: string): Promise<boolean> {
  const result = await db.deleteFrom('views').where('id', '=', viewId).where('project_id', '=', projectId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces every saved position of a view in one transaction. */
export async function replaceViewLayout(db: Kysely<Database>, viewId: string, positions: readonly ViewPosition[], now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('view_positions').where('view_id', '=', viewId).execute();
    if (positions.length > 0) {
      await trx
        .insertInto('view_positions')
        .values(positions.map((p) => ({ view_id: viewId, element_id: p.elementId, x: p.x, y: p.y })))
        .execute();
    }
    await trx.updateTable('views').set({ updated_at: now }).where('id', '=', viewId).execute();
  });
}

/** The views of a project whose root is the element: they refer to it, so it may not be deleted under them. */
export async function viewsRootedAt(db: Db, projectId: string, elementId: string): Promise<string[]> {
  const rows = await db.selectFrom('views').select('id').where('project_id', '=', projectId).where('root_element_id', '=', elementId).orderBy('id').execute();
  return rows.map((row) => row.id);
}
