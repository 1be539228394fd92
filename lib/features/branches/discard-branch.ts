import type { Kysely } from 'kysely';
import { findStream } from '../../core/model/stream-store';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Database } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors/service-error';

export interface DiscardBranchRequest {
  projectId: string;
  workspaceId: string;
  branchId: string;
  actor: string;
  now: Date;
}

/**
 * Discards a draft or variant (docs/change-review.md "Discard"): its model, history, kept base,
 * cost sheet, comment threads (with their comments, questions and decisions) and AI proposals go
 * with it, in one statement the database cascades; saved estimates made on it stay, naming no
 * line. Main is not touched. The audit log keeps who discarded which branch.
 */
export async function discardBranch(db: Kysely<Database>, request: DiscardBranchRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('model_streams').select('id').where('id', '=', request.branchId).forUpdate().executeTakeFirst();
    const branch = row ? await findStream(trx, request.branchId) : undefined;
    if (!branch || branch.projectId !== request.projectId || (branch.kind !== 'draft' && branch.kind !== 'variant')) {
      throw new NotFoundError('Branch not found', `No branch ${request.branchId} in this project.`);
    }
    await trx.deleteFrom('model_streams').where('id', '=', branch.id).execute();
    await appendAudit(trx, {
      workspaceId: request.workspaceId,
      actor: request.actor,
      action: 'branch.discard',
      detail: { projectId: request.projectId, branchId: branch.id, name: branch.name, kind: branch.kind, modelVersion: branch.modelVersion, merged: branch.merged !== null },
      at: request.now,
    });
  });
}
