import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LoadTestTargetsTable } from '../../platform/db/schema';
import type { LoadTestTarget, TargetKind } from './load-test-records';

type Db = Kysely<Database> | Transaction<Database>;

function toTarget(row: Selectable<LoadTestTargetsTable>): LoadTestTarget {
  const authorised = row.base_url !== null && row.authorised_version !== null && row.authorised_by !== null && row.authorised_at !== null;
  const overridden = (row.allow_non_idempotent || row.allow_failure_injection) && row.override_reason !== null && row.override_by !== null && row.override_at !== null;
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    stepId: row.step_id,
    name: row.name,
    authorisation: authorised
      ? { baseUrl: row.base_url!, environment: row.environment, version: Number(row.authorised_version), authorisedBy: row.authorised_by!, authorisedAt: row.authorised_at!.toISOString() }
      : null,
    override: overridden
      ? { allowNonIdempotent: row.allow_non_idempotent, allowFailureInjection: row.allow_failure_injection, reason: row.override_reason!, confirmedBy: row.override_by!, confirmedAt: row.override_at!.toISOString() }
      : null,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listTargets(db: Db, projectId: string): Promise<LoadTestTarget[]> {
  const rows = await db.selectFrom('load_test_targets').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toTarget);
}

/** A target of the project; `lock` holds its row for the rest of the transaction. */
export async function findTarget(db: Db, projectId: string, targetId: string, options: { lock?: boolean } = {}): Promise<LoadTestTarget | undefined> {
  let query = db.selectFrom('load_test_targets').selectAll().where('project_id', '=', projectId).where('id', '=', targetId);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toTarget(row) : undefined;
}

export interface TargetSubject {
  kind: TargetKind;
  subjectId: string;
  stepId: string | null;
  name: string;
}

export async function insertTarget(db: Db, input: TargetSubject & { id: string; projectId: string; actor: string; now: Date }): Promise<LoadTestTarget> {
  const row = await db
    .insertInto('load_test_targets')
    .values({
      id: input.id,
      project_id: input.projectId,
      kind: input.kind,
      subject_id: input.subjectId,
      step_id: input.stepId,
      name: input.name,
      base_url: null,
      environment: null,
      authorised_version: null,
      authorised_by: null,
      authorised_at: null,
      override_reason: null,
      override_by: null,
      override_at: null,
      created_by: input.actor,
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTarget(row);
}

const clearedAuthorisation = { base_url: null, environment: null, authorised_version: null, authorised_by: null, authorised_at: null } as const;
const clearedOverride = { allow_non_idempotent: false, allow_failure_injection: false, override_reason: null, override_by: null, override_at: null } as const;

/**
 * Points a target at a subject. A new subject drops the authorisation and
 * the override: both were given for what the target named before.
 */
export async function replaceTargetSubject(db: Db, input: TargetSubject & { projectId: string; targetId: string; subjectChanged: boolean; now: Date }): Promise<LoadTestTarget> {
  const row = await db
    .updateTable('load_test_targets')
    .set({
      kind: input.kind,
      subject_id: input.subjectId,
      step_id: input.stepId,
      name: input.name,
      updated_at: input.now,
      ...(input.subjectChanged ? { ...clearedAuthorisation, ...clearedOverride } : {}),
    })
    .where('project_id', '=', input.projectId)
    .where('id', '=', input.targetId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTarget(row);
}

export async function writeAuthorisation(
  db: Db,
  input: { projectId: string; targetId: string; authorisation: { baseUrl: string; environment: string | null; version: number; actor: string } | null; now: Date },
): Promise<LoadTestTarget> {
  const { authorisation } = input;
  const row = await db
    .updateTable('load_test_targets')
    .set({
      ...(authorisation === null
        ? clearedAuthorisation
        : { base_url: authorisation.baseUrl, environment: authorisation.environment, authorised_version: authorisation.version, authorised_by: authorisation.actor, authorised_at: input.now }),
      updated_at: input.now,
    })
    .where('project_id', '=', input.projectId)
    .where('id', '=', input.targetId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTarget(row);
}

export async function writeOverride(
  db: Db,
  input: { projectId: string; targetId: string; override: { allowNonIdempotent: boolean; allowFailureInjection: boolean; reason: string; actor: string } | null; now: Date },
): Promise<LoadTestTarget> {
  const { override } = input;
  const row = await db
    .updateTable('load_test_targets')
    .set({
      ...(override === null
        ? clearedOverride
        : { allow_non_idempotent: override.allowNonIdempotent, allow_failure_injection: override.allowFailureInjection, override_reason: override.reason, override_by: override.actor, override_at: input.now }),
      updated_at: input.now,
    })
    .where('project_id', '=', input.projectId)
    .where('id', '=', input.targetId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTarget(row);
}

/** Deletes a target with its scripts, results and stress runs; false when the project has none such. */
export async function deleteTarget(db: Db, projectId: string, targetId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('load_test_targets').where('project_id', '=', projectId).where('id', '=', targetId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
