/**
 * POST …/architecture-proposals/{id}/decide (docs/ai-proposals.md
 * "Architecture proposals"): the accepted items are checked again against the
 * model as it is now and written in one committed change, labelled `inferred`
 * with their confidence and provenance naming the proposal; when any cannot
 * be applied, 409 `items_refused` names each and nothing is written.
 */
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, ValidationError } from '../../platform/errors/service-error';
import { loadModelSnapshot, commitModelChange } from '../../core/model/model-store';
import { branchOrMain, lockStream } from '../../core/model/stream-store';
import { foreignSchemaIds } from './proposal-context';
import { checkItems, schemaIdsOfItems, type ArchitecturePlan, type OfferedItem } from './plan-architecture-proposal';
import { proposalProvenanceSource } from './proposal-provenance';
import { lockProposal, updateProposal, type ProposalRow } from './proposal-store';
import type { Decider } from './decide-flow-proposal';

export interface DecideRequest {
  accept: string[];
  reject: string[];
}

/** The person's user ID from an actor (`user:<id>`), for `provenance.acceptedBy`. */
function acceptedByOf(actor: string): string | null {
  return actor.startsWith('user:') ? actor.slice('user:'.length) : null;
}

function checkNames(plan: ArchitecturePlan, request: DecideRequest): void {
  const ids = new Set(plan.items.map((item) => item.id));
  const errors: FieldError[] = [];
  for (const list of ['accept', 'reject'] as const) {
    request[list].forEach((id, index) => {
      if (!ids.has(id)) errors.push({ field: `${list}[${index}]`, message: 'is not an item of this proposal' });
    });
  }
  const rejected = new Set(request.reject);
  request.accept.forEach((id, index) => {
    if (rejected.has(id)) errors.push({ field: `accept[${index}]`, message: 'is also in reject' });
  });
  if (request.accept.length === 0 && request.reject.length === 0) errors.push({ field: 'accept', message: 'names no item, nor does reject' });
  if (errors.length > 0) throw new ValidationError('Invalid decision', errors);
}

/**
 * Decides items of an open proposal; items named in neither list stay
 * pending. 400 for an ID not in the proposal or in both lists; 409 `conflict`
 * when the proposal or an item is decided already; 409 `items_refused` when an
 * accepted item cannot be applied. The proposal becomes `accepted` or
 * `rejected` once no item is pending.
 */
export async function decideArchitectureProposal(decider: Decider, request: DecideRequest): Promise<ProposalRow> {
  const foreignLookup = (ids: string[]) => foreignSchemaIds(decider.db, decider.projectId, ids);
  return decider.db.transaction().execute(async (trx) => {
    const row = await lockProposal(trx, decider.projectId, 'architecture', decider.proposalId);
    if (row.status !== 'open') throw new ConflictError('Proposal decided', `The proposal is ${row.status}; only an open proposal can be decided.`);
    const plan = row.content as ArchitecturePlan;
    checkNames(plan, request);
    const named = new Set([...request.accept, ...request.reject]);
    const decidedAlready = plan.items.filter((item) => named.has(item.id) && item.decision !== 'pending');
    if (decidedAlready.length > 0) {
      throw new ConflictError('Items decided already', `Decided before: ${decidedAlready.map((i) => i.id).join(', ')}.`, decidedAlready.map((i) => ({ field: i.id, message: `is ${i.decision} already` })));
    }

    const accepted = new Set(request.accept);
    const acceptedItems = plan.items.filter((item) => accepted.has(item.id));
    if (acceptedItems.length > 0) {
      const stream = await branchOrMain(trx, decider.projectId, row.branch_id);
      const version = await lockStream(trx, stream.id);
      const model = await loadModelSnapshot(trx, stream.id);
      const by = acceptedByOf(decider.actor);
      const label = {
        provenanceSource: proposalProvenanceSource(row.id, row.provider_id === null ? null : { providerId: row.provider_id, providerKind: row.provider_kind ?? '', model: row.model ?? '', callId: row.call_id ?? '' }),
        accepted: by === null ? null : { by, at: decider.now.toISOString() },
      };
      const checked = checkItems(acceptedItems, model, { projectId: decider.projectId, foreignSchemaIds: await foreignLookup(schemaIdsOfItems(acceptedItems)), label });
      if (checked.refused.size > 0) {
        const errors = acceptedItems.filter((item) => checked.refused.has(item.id)).map((item) => ({ field: item.id, message: checked.refused.get(item.id)! }));
        throw new ConflictError(
          'Items refused',
          `${errors.length} accepted item${errors.length === 1 ? '' : 's'} cannot be applied to the model as it is now; nothing was written.`,
          errors,
          'items_refused',
        );
      }
      if (checked.upserts.length > 0) {
        await commitModelChange(trx, { streamId: stream.id, fromVersion: version, writes: checked.upserts, deletes: [], actor: decider.actor, at: decider.now, summary: `architecture proposal ${row.id}: ${checked.upserts.length} accepted` });
      }
    }

    const rejected = new Set(request.reject);
    const items: OfferedItem[] = plan.items.map((item) => (accepted.has(item.id) ? { ...item, decision: 'accepted' } : rejected.has(item.id) ? { ...item, decision: 'rejected' } : item));
    const done = items.every((item) => item.decision !== 'pending');
    const status = !done ? undefined : items.some((item) => item.decision === 'accepted') ? 'accepted' : 'rejected';
    return updateProposal(trx, row.id, {
      content: { ...plan, items },
      ...(status === undefined ? {} : { status, decided: { by: decider.actor, at: decider.now } }),
      now: decider.now,
    });
  });
}
