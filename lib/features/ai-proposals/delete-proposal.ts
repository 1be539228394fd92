import { ConflictError, ForbiddenError } from '../../platform/errors/service-error';
import type { Decider } from './decide-flow-proposal';
import type { ArchitecturePlan } from './plan-architecture-proposal';
import type { PlannedFlow } from './plan-flow-proposal';
import { deleteProposalRow, lockProposal, type ProposalKind, type ProposalRow } from './proposal-store';

/** What a proposal has written: a scenario, a created record, an accepted item. Such a proposal stays, since what it wrote names it. */
export function proposalWroteSomething(row: ProposalRow): boolean {
  if (row.kind === 'flow') return row.status === 'accepted' || (row.content as PlannedFlow).missing.some((m) => m.createdId !== null);
  return (row.content as ArchitecturePlan).items.some((item) => item.decision === 'accepted');
}

/**
 * DELETE …/{proposalId} (docs/ai-proposals.md "Deleting"): by the person who
 * made it or an owner (`mayDelete` says which the caller is); 409 when the
 * proposal wrote anything, whose provenance or origin names it.
 */
export async function deleteProposal(decider: Decider, kind: ProposalKind, mayDelete: (row: ProposalRow) => boolean): Promise<void> {
  await decider.db.transaction().execute(async (trx) => {
    const row = await lockProposal(trx, decider.projectId, kind, decider.proposalId);
    if (!mayDelete(row)) throw new ForbiddenError('Not your proposal', 'A proposal is deleted by the person who made it or by an owner of the workspace.');
    if (proposalWroteSomething(row)) throw new ConflictError('Proposal in use', 'The proposal wrote to the model or a scenario, whose provenance names it; it stays. Reject it instead if it is still open.');
    await deleteProposalRow(trx, row.id);
  });
}
