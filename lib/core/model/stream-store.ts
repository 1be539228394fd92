import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ModelStreamsTable, StreamKind } from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';

type Db = Kysely<Database> | Transaction<Database>;

/** One line of a project's model: main, a branch, or a frozen revision. */
export interface ModelStream {
  id: string;
  projectId: string;
  kind: StreamKind;
  name: string;
  modelVersion: number;
  /** For branches and revisions: the main version they were copied from. */
  baseVersion: number | null;
  createdBy: string | null;
  createdAt: string;
  /** For branches: whether the records main had at `baseVersion` are kept (a three-way merge needs them). */
  baseKept: boolean;
  /** Set once a branch is merged into main; it is read only from then on. */
  merged: { at: string; by: string; modelVersion: number } | null;
}

function toStream(row: Selectable<ModelStreamsTable>): ModelStream {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    name: row.name,
    modelVersion: row.model_version,
    baseVersion: row.base_version,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    baseKept: row.base_kept,
    merged: row.merged_at ? { at: row.merged_at.toISOString(), by: row.merged_by ?? '', modelVersion: row.merged_version ?? 0 } : null,
  };
}

export async function findStream(db: Db, streamId: string): Promise<ModelStream | undefined> {
  const row = await db.selectFrom('model_streams').selectAll().where('id', '=', streamId).executeTakeFirst();
  return row ? toStream(row) : undefined;
}

/** The main stream of a project (its ID is the project's ID). */
export async function mainStream(db: Db, projectId: string): Promise<ModelStream> {
  const stream = await findStream(db, projectId);
  if (stream?.kind !== 'main') throw new NotFoundError('Project not found');
  return stream;
}

/**
 * The stream an edit or read names: main without `branchId`, else a draft or
 * variant of the same project. Anything else is 404, so other projects'
 * branches never leak.
 */
export async function branchOrMain(db: Db, projectId: string, branchId: string | null): Promise<ModelStream> {
  if (branchId === null) return mainStream(db, projectId);
  const stream = await findStream(db, branchId);
  if (!stream || stream.projectId !== projectId || (stream.kind !== 'draft' && stream.kind !== 'variant')) {
    throw new NotFoundError('Branch not found', `No branch ${branchId} in this project.`);
  }
  return stream;
}

/** A revision of the project; a `revisionId` naming none is 400 (part 1 "Diagram and model exports"). */
export async function revisionOf(db: Db, projectId: string, revisionId: string): Promise<ModelStream> {
  const stream = await findStream(db, revisionId);
  if (!stream || stream.projectId !== projectId || stream.kind !== 'revision') {
    throw new ValidationError('Unknown revision', [{ field: 'revisionId', message: 'is not a revision of this project' }]);
  }
  return stream;
}

/**
 * The stream a read names, IDs as the request gives them: a branch by `branchId`, a revision by
 * `revisionId` (read only; 400 when it is not a revision of the project, as the exports answer),
 * else main. Both at once is refused.
 */
export async function readStreamOf(db: Db, projectId: string, query: { branchId?: string | undefined; revisionId?: string | undefined }): Promise<ModelStream> {
  if (query.branchId !== undefined && query.revisionId !== undefined) {
    throw new ValidationError('Invalid query', [{ field: 'revisionId', message: 'cannot be given together with branchId' }]);
  }
  if (query.revisionId !== undefined) return revisionOf(db, projectId, query.revisionId.toLowerCase());
  return branchOrMain(db, projectId, query.branchId?.toLowerCase() ?? null);
}

/**
 * Locks the stream row for the rest of the transaction and reads its version: writers of one stream go one at a time.
 * A merged branch takes no more changes (409): what was merged stays what the branch shows.
 */
export async function lockStream(trx: Transaction<Database>, streamId: string): Promise<number> {
  const row = await trx.selectFrom('model_streams').select(['model_version', 'merged_at', 'merged_version']).where('id', '=', streamId).forUpdate().executeTakeFirstOrThrow();
  if (row.merged_at !== null) throw mergedBranchIsReadOnly(row.merged_version);
  return row.model_version;
}

/** The answer to a change of a branch that was merged into main. */
export function mergedBranchIsReadOnly(mergedVersion: number | null): ConflictError {
  return new ConflictError('Branch already merged', `This branch was merged into main (main version ${mergedVersion ?? '?'}); it is read only now. Make a new branch to change the model further.`, [
    { field: 'branchId', message: 'names a branch that was merged' },
  ]);
}

export async function listStreams(db: Db, projectId: string, kinds: readonly StreamKind[]): Promise<ModelStream[]> {
  const rows = await db.selectFrom('model_streams').selectAll().where('project_id', '=', projectId).where('kind', 'in', kinds).orderBy('created_at').orderBy('id').execute();
  return rows.map(toStream);
}

export interface NewStream {
  id: string;
  projectId: string;
  kind: Exclude<StreamKind, 'main'>;
  name: string;
  createdBy: string;
  now: Date;
}

/**
 * Creates a branch or revision as a copy of main's model at its current version, in one
 * statement per table, inside the caller's transaction (main is locked meanwhile, so the copy is
 * consistent). lib/features/branches/copy-main.ts adds what else a new stream copies (the cost sheet).
 */
export async function copyMainModelInto(trx: Transaction<Database>, input: NewStream): Promise<ModelStream> {
  const version = await lockStream(trx, input.projectId);
  await trx
    .insertInto('model_streams')
    .values({
      id: input.id,
      project_id: input.projectId,
      kind: input.kind,
      name: input.name,
      model_version: input.kind === 'revision' ? version : 0,
      base_version: version,
      created_by: input.createdBy,
      created_at: input.now,
      base_kept: input.kind !== 'revision',
    })
    .execute();
  await trx
    .insertInto('model_entities')
    .columns(['stream_id', 'id', 'kind', 'body', 'name_folded'])
    .expression((eb) => eb.selectFrom('model_entities').select([sql<string>`${input.id}::uuid`.as('stream_id'), 'id', 'kind', 'body', 'name_folded']).where('stream_id', '=', input.projectId))
    .execute();
  // A branch keeps what it started from: the base of a three-way merge (a revision is its own base).
  if (input.kind !== 'revision') {
    await trx
      .insertInto('branch_base_entities')
      .columns(['branch_id', 'id', 'kind', 'body'])
      .expression((eb) => eb.selectFrom('model_entities').select([sql<string>`${input.id}::uuid`.as('branch_id'), 'id', 'kind', 'body']).where('stream_id', '=', input.projectId))
      .execute();
  }
  return (await findStream(trx, input.id))!;
}
