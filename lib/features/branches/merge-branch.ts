import type { Kysely, Transaction } from 'kysely';
import type { MergeConflict, MergeSide } from '../../../contracts/streams';
import { refuseUnlessExpectedVersion } from '../../core/model/expected-version';
import { planMergeWrite } from '../../core/model/merge/plan-merge';
import { threeWayMerge, type BranchChange, type RecordConflict } from '../../core/model/merge/three-way-merge';
import type { IgnoredMember } from '../../core/model/ignored-members';
import { sectionOfKind } from '../../core/model/model-records';
import { commitModelChange, loadBranchBase, loadModelSnapshot, schemaIdsOwnedElsewhere } from '../../core/model/model-store';
import { findStream, lockStream, mergedBranchIsReadOnly, type ModelStream } from '../../core/model/stream-store';
import { viewsRootedAt } from '../../core/model/view-store';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Database } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, InvalidDocumentError, NotFoundError, TooLargeError, ValidationError } from '../../platform/errors/service-error';

export interface MergeBranchRequest {
  projectId: string;
  workspaceId: string;
  branchId: string;
  dryRun: boolean;
  expectedVersion: number | null;
  resolutions: readonly { id: string; take: MergeSide }[];
  actor: string;
  now: Date;
}

export interface MergeBranchResult {
  applied: boolean;
  modelVersion: number;
  added: number;
  changed: number;
  deleted: number;
  changes: { kind: BranchChange['kind']; id: string; name: string | null; change: BranchChange['change']; from: 'branch' | 'resolution' }[];
  conflicts: MergeConflict[];
  ignored: IgnoredMember[];
  branch: ModelStream;
}

/** Locks the branch row after main's (always in that order, so two merges never wait on each other crosswise). */
async function lockBranch(trx: Transaction<Database>, projectId: string, branchId: string): Promise<ModelStream> {
  const row = await trx.selectFrom('model_streams').select('id').where('id', '=', branchId).forUpdate().executeTakeFirst();
  const branch = row ? await findStream(trx, branchId) : undefined;
  if (!branch || branch.projectId !== projectId || (branch.kind !== 'draft' && branch.kind !== 'variant')) throw new NotFoundError('Branch not found', `No branch ${branchId} in this project.`);
  if (branch.merged) throw mergedBranchIsReadOnly(branch.merged.modelVersion);
  return branch;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** The 409 of unresolved conflicts: one error per record and field. */
function unresolvedConflicts(conflicts: readonly RecordConflict[]): ConflictError {
  const errors: FieldError[] = conflicts.flatMap((c) =>
    c.fields.map((f) => ({ field: `${c.kind}:${c.id}/${f.field}`, message: `main has ${shown(f.main)}, the branch ${shown(f.branch)} (at the branch point ${c.base === 'unknown' ? 'unknown' : shown(f.base)})` })),
  );
  const first = conflicts[0]!;
  return new ConflictError(
    'Main and the branch changed the same records',
    `${conflicts.length} record${conflicts.length === 1 ? '' : 's'} changed on both sides differently, the first ${first.kind} ${first.id}${first.name ? ` (${first.name})` : ''}. Resolve each (take main's or the branch's) in "resolutions"; nothing was written.`,
    errors,
  );
}

/** Each resolution names a record in conflict, once. */
function resolutionsOf(request: MergeBranchRequest, conflicts: readonly RecordConflict[]): Map<string, MergeSide> {
  const inConflict = new Set(conflicts.map((c) => c.id));
  const taken = new Map<string, MergeSide>();
  const errors: FieldError[] = [];
  request.resolutions.forEach((resolution, index) => {
    const id = resolution.id.toLowerCase();
    if (taken.has(id)) errors.push({ field: `resolutions[${index}].id`, message: 'names a record resolved earlier in the list' });
    else if (!inConflict.has(id)) errors.push({ field: `resolutions[${index}].id`, message: 'names no record in conflict' });
    else taken.set(id, resolution.take);
  });
  if (errors.length > 0) throw new ValidationError('Invalid resolutions', errors);
  return taken;
}

/**
 * Merges a draft or variant into main (docs/change-review.md "Merge"): the three-way check
 * against the branch point, the conflicts resolved by the request, the branch's changes written
 * as one change of main by the import's rules, under main's lock, in one transaction; the branch
 * is then marked merged (read only) and the audit log names who merged. A dry run answers the
 * same and writes nothing, also when conflicts are unresolved.
 */
export async function mergeBranch(db: Kysely<Database>, request: MergeBranchRequest): Promise<MergeBranchResult> {
  return db.transaction().execute(async (trx) => {
    const version = await lockStream(trx, request.projectId);
    const branch = await lockBranch(trx, request.projectId, request.branchId);
    refuseUnlessExpectedVersion(request.expectedVersion, version);

    const [main, branchModel, base] = await Promise.all([
      loadModelSnapshot(trx, request.projectId),
      loadModelSnapshot(trx, branch.id),
      branch.baseKept ? loadBranchBase(trx, branch.id) : Promise.resolve(null),
    ]);
    const { changes, conflicts } = threeWayMerge({ base, main, branch: branchModel });
    const resolutions = resolutionsOf(request, conflicts);
    const unresolved = conflicts.filter((c) => !resolutions.has(c.id));
    if (unresolved.length > 0 && !request.dryRun) throw unresolvedConflicts(unresolved);

    const fromResolutions: BranchChange[] = conflicts
      .filter((c) => resolutions.get(c.id) === 'branch')
      .map((c) => ({ kind: c.kind, id: c.id, change: c.branchRecord === null ? 'deleted' : c.mainRecord === null ? 'added' : 'changed', record: c.branchRecord }));
    const toApply = [...changes, ...fromResolutions];
    const schemaIds = toApply.filter((c) => c.kind === 'schema' && c.record).map((c) => c.id);
    const plan = planMergeWrite({ main, changes: toApply, projectId: request.projectId, foreignSchemaIds: await schemaIdsOwnedElsewhere(trx, request.projectId, schemaIds) });
    if (plan.tooLarge) {
      const { kind, count, limit } = plan.tooLarge;
      throw new TooLargeError('import_too_large', 'Merge too large', `The branch changes ${count} ${sectionOfKind[kind]}; one merge, as one import, writes at most ${limit}.`, [
        { field: sectionOfKind[kind], message: `at most ${limit} entries` },
      ]);
    }
    if (plan.refusals.length > 0) {
      throw new InvalidDocumentError('invalid_export', plan.title.replace(/^Model document refused/, 'Merge refused'), `${plan.refusals.length} record${plan.refusals.length === 1 ? ' is' : 's are'} refused by the model's rules; nothing was written.`, plan.refusals);
    }
    const referrers = [...plan.danglingReferrers];
    for (const deleted of plan.deletes) {
      if (deleted.kind !== 'element') continue;
      for (const viewId of await viewsRootedAt(trx, request.projectId, deleted.id)) referrers.push({ kind: 'view', id: viewId, field: 'rootElementId', deleted });
    }
    if (referrers.length > 0) {
      throw new ConflictError(
        'The merge would leave references dangling',
        `The branch deletes records main still refers to: ${referrers.map((r) => `${r.kind} ${r.id} (${r.field}) → ${r.deleted.kind} ${r.deleted.id}`).join(', ')}. Change them on the branch or on main first; nothing was written.`,
        referrers.map((r) => ({ field: `${r.kind}:${r.id}`, message: `refers through ${r.field} to ${r.deleted.kind} ${r.deleted.id}, which the branch deletes` })),
      );
    }

    // What is written, as the import counts it: a branch record equal to main's after the import's rules is unchanged.
    const itemChange = new Map(plan.items.map((item) => [`${item.kind}:${item.importedAs ?? item.id}`, item.change]));
    const resolved = new Set(fromResolutions.map((c) => c.id));
    const written = toApply.filter((c) => c.record === null || itemChange.get(`${c.kind}:${c.id}`) === 'added' || itemChange.get(`${c.kind}:${c.id}`) === 'changed');
    const answerChanges = written.map((c) => ({
      kind: c.kind,
      id: c.id,
      name: nameOf(c, main),
      change: c.record === null ? ('deleted' as const) : itemChange.get(`${c.kind}:${c.id}`) === 'added' ? ('added' as const) : ('changed' as const),
      from: resolved.has(c.id) ? ('resolution' as const) : ('branch' as const),
    }));
    const counts = { added: answerChanges.filter((c) => c.change === 'added').length, changed: answerChanges.filter((c) => c.change === 'changed').length, deleted: answerChanges.filter((c) => c.change === 'deleted').length };
    const answerConflicts: MergeConflict[] = conflicts.map((c) => ({ kind: c.kind, id: c.id, name: c.name, base: c.base, main: c.main, branch: c.branch, fields: c.fields, resolution: resolutions.get(c.id) ?? null }));
    const result = { applied: false, modelVersion: version, ...counts, changes: answerChanges, conflicts: answerConflicts, ignored: plan.ignored, branch };
    if (request.dryRun) return result;

    let modelVersion = version;
    if (plan.upserts.length > 0 || plan.deletes.length > 0) {
      modelVersion = await commitModelChange(trx, {
        streamId: request.projectId,
        fromVersion: version,
        writes: plan.upserts.map((u) => ({ kind: u.kind, record: u.record, change: itemChange.get(`${u.kind}:${u.record.id}`) === 'added' ? 'added' : 'changed' })),
        deletes: plan.deletes,
        actor: request.actor,
        at: request.now,
        summary: `merge of ${branch.kind} "${branch.name}" (${branch.id}): ${counts.added} added, ${counts.changed} changed, ${counts.deleted} deleted`,
      });
    }
    await trx.updateTable('model_streams').set({ merged_at: request.now, merged_by: request.actor, merged_version: modelVersion }).where('id', '=', branch.id).execute();
    await appendAudit(trx, {
      workspaceId: request.workspaceId,
      actor: request.actor,
      action: 'branch.merge',
      detail: { projectId: request.projectId, branchId: branch.id, name: branch.name, modelVersion, ...counts, conflictsResolved: resolutions.size },
      at: request.now,
    });
    return { ...result, applied: true, modelVersion, branch: { ...branch, merged: { at: request.now.toISOString(), by: request.actor, modelVersion } } };
  });
}

function nameOf(change: BranchChange, main: { [kind: string]: ReadonlyMap<string, unknown> }): string | null {
  const record = (change.record ?? main[change.kind]?.get(change.id) ?? null) as { name?: unknown; label?: unknown } | null;
  const name = record ? (change.kind === 'relationship' ? record.label : record.name) : null;
  return typeof name === 'string' ? name : null;
}
