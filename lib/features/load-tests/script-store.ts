import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LoadTestScriptsTable } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors/service-error';
import type { LoadTestScript } from './load-test-records';

type Db = Kysely<Database> | Transaction<Database>;

function toScript(row: Omit<Selectable<LoadTestScriptsTable>, 'content'> & { content?: string }): LoadTestScript {
  return {
    id: row.id,
    targetId: row.target_id,
    profileId: row.profile_id,
    branchId: row.branch_id,
    modelVersion: Number(row.model_version),
    operationId: row.operation_id,
    baseUrl: row.base_url,
    environment: row.environment,
    contentHash: row.content_hash,
    fileName: row.file_name,
    ...(row.content === undefined ? {} : { content: row.content }),
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

const summaryColumns = ['id', 'project_id', 'target_id', 'profile_id', 'branch_id', 'model_version', 'operation_id', 'base_url', 'environment', 'content_hash', 'file_name', 'created_by', 'created_at'] as const;

/** Scripts of a project, oldest first, without their text. */
export async function listScripts(db: Db, projectId: string): Promise<LoadTestScript[]> {
  const rows = await db.selectFrom('load_test_scripts').select(summaryColumns).where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toScript);
}

export async function findScript(db: Db, projectId: string, scriptId: string): Promise<LoadTestScript | undefined> {
  const row = await db.selectFrom('load_test_scripts').selectAll().where('project_id', '=', projectId).where('id', '=', scriptId).executeTakeFirst();
  return row ? toScript(row) : undefined;
}

export interface NewScript {
  id: string;
  projectId: string;
  targetId: string;
  profileId: string;
  branchId: string | null;
  modelVersion: number;
  operationId: string;
  baseUrl: string;
  environment: string | null;
  contentHash: string;
  fileName: string;
  content: string;
  actor: string;
  now: Date;
}

/**
 * Stores a script unless the same target and profile already have one with
 * this content: `created` false and the stored one then. Two requests at
 * once agree on one record (the unique key decides).
 */
export async function insertScriptOnce(db: Db, input: NewScript): Promise<{ script: LoadTestScript; created: boolean }> {
  const inserted = await insertOrNothing(db, input);
  if (inserted) return { script: toScript(inserted), created: true };
  const existing = await db
    .selectFrom('load_test_scripts')
    .selectAll()
    .where('target_id', '=', input.targetId)
    .where('profile_id', '=', input.profileId)
    .where('content_hash', '=', input.contentHash)
    .executeTakeFirstOrThrow();
  return { script: toScript(existing), created: false };
}

/** The inserted row, or undefined when the same script is stored; a target or profile deleted meanwhile is 404. */
async function insertOrNothing(db: Db, input: NewScript) {
  try {
    return await insertRow(db, input);
  } catch (error) {
    // 23503 foreign_key_violation: the target or the profile went between the read and this insert.
    if ((error as { code?: unknown }).code === '23503') throw new NotFoundError('Load-test target or stress profile not found', 'It was deleted while the script was written.');
    throw error;
  }
}

function insertRow(db: Db, input: NewScript) {
  return db
    .insertInto('load_test_scripts')
    .values({
      id: input.id,
      project_id: input.projectId,
      target_id: input.targetId,
      profile_id: input.profileId,
      branch_id: input.branchId,
      model_version: input.modelVersion,
      operation_id: input.operationId,
      base_url: input.baseUrl,
      environment: input.environment,
      content_hash: input.contentHash,
      file_name: input.fileName,
      content: input.content,
      created_by: input.actor,
      created_at: input.now,
    })
    .onConflict((oc) => oc.columns(['target_id', 'profile_id', 'content_hash']).doNothing())
    .returningAll()
    .executeTakeFirst();
}
