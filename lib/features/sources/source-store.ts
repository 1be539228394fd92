import { sql, type Kysely, type Transaction } from 'kysely';
import type { Source } from '../../../contracts/sources';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A Source as the API answers it (the contract's `Source`). */
export type SourceRecord = Source;

/** What a new Source is stored with. */
export type NewSource = Pick<SourceRecord, 'id' | 'projectId' | 'kind' | 'name' | 'slug' | 'repository' | 'path' | 'accountId' | 'region' | 'createdBy'> & { at: Date };

function baseQuery(db: Db) {
  return db
    .selectFrom('sources as s')
    .select(['s.id', 's.project_id', 's.kind', 's.name', 's.slug', 's.repository', 's.path', 's.account_id', 's.region', 's.created_by', 's.created_at', 's.updated_at'])
    .select(
      sql<unknown>`(select json_build_object('id', c.id, 'state', c.state, 'commitSha', c.commit_sha, 'isComplete', c.is_complete, 'finishedAt', c.finished_at)
        from scans c where c.source_id = s.id order by c.created_at desc, c.id desc limit 1)`.as('last_scan'),
    );
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toRecord(row: Row): SourceRecord {
  const last = row.last_scan as SourceRecord['lastScan'];
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    name: row.name,
    slug: row.slug,
    repository: row.repository,
    path: row.path,
    accountId: row.account_id,
    region: row.region,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    lastScan: last ? { ...last, finishedAt: last.finishedAt ? new Date(last.finishedAt).toISOString() : null } : null,
  };
}

/** The Sources of a project, by name then ID. */
export async function listSources(db: Db, projectId: string): Promise<SourceRecord[]> {
  const rows = await baseQuery(db).where('s.project_id', '=', projectId).orderBy('s.name').orderBy('s.id').execute();
  return rows.map(toRecord);
}

export async function findSource(db: Db, projectId: string, sourceId: string): Promise<SourceRecord | undefined> {
  const row = await baseQuery(db).where('s.project_id', '=', projectId).where('s.id', '=', sourceId).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findSourceBySlug(db: Db, projectId: string, slug: string): Promise<SourceRecord | undefined> {
  const row = await baseQuery(db).where('s.project_id', '=', projectId).where('s.slug', '=', slug).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Inserts a Source; false when its slug is taken in the project. */
export async function insertSource(db: Db, source: NewSource): Promise<boolean> {
  const inserted = await db
    .insertInto('sources')
    .values({
      id: source.id,
      project_id: source.projectId,
      kind: source.kind,
      name: source.name,
      slug: source.slug,
      repository: source.repository,
      path: source.path,
      account_id: source.accountId,
      region: source.region,
      created_by: source.createdBy,
      created_at: source.at,
      updated_at: source.at,
    })
    .onConflict((oc) => oc.columns(['project_id', 'slug']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Renames a Source; 'taken' when another Source of the project has the slug. */
export async function renameSource(db: Db, input: { projectId: string; sourceId: string; name: string; slug: string; at: Date }): Promise<'renamed' | 'missing' | 'taken'> {
  const clash = await db.selectFrom('sources').select('id').where('project_id', '=', input.projectId).where('slug', '=', input.slug).where('id', '<>', input.sourceId).executeTakeFirst();
  if (clash) return 'taken';
  try {
    const result = await db.updateTable('sources').set({ name: input.name, slug: input.slug, updated_at: input.at }).where('project_id', '=', input.projectId).where('id', '=', input.sourceId).executeTakeFirst();
    return result.numUpdatedRows > 0n ? 'renamed' : 'missing';
  } catch (error) {
    // Another rename took the slug between the check and the update.
    if ((error as { code?: string }).code === '23505') return 'taken';
    throw error;
  }
}

export async function deleteSource(db: Db, projectId: string, sourceId: string): Promise<boolean> {
  const result = await db.deleteFrom('sources').where('project_id', '=', projectId).where('id', '=', sourceId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
