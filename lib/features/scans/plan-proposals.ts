import type { AnyModelRecord, ModelKind } from '../../core/model/model-records';
import { matchScanFacts, type MatchInput } from './match-facts';
import type { ScanFact } from './scan-fact';

export type { BoundFact } from './match-facts';

export interface PlannedProposal {
  factKey: string;
  action: 'add' | 'change' | 'remove';
  entityKind: ModelKind;
  entityId: string | null;
  /** The fact (add, change); null for a removal. */
  proposed: ScanFact | null;
  /** The model record now (change, remove); null for an addition. */
  current: AnyModelRecord | null;
  /** Field names whose value differs (change). */
  changedFields: string[];
}

export interface ProposalPlan {
  proposals: PlannedProposal[];
  /** Accepted facts whose evidence this complete scan did not find: their records get a stale mark. */
  markStale: { entityKind: ModelKind; entityId: string; factKey: string }[];
  /** Accepted facts found again whose records carry a stale mark: the mark goes. */
  clearStale: { entityKind: ModelKind; entityId: string; factKey: string }[];
}

export interface PlanInput extends MatchInput {
  isComplete: boolean;
}

/**
 * Compares a scan's facts with the Source's accepted facts and main
 * (part 2 "Scans and proposals", part 1 stale-mark transition) through
 * the shared matching (match-facts.ts). Pure.
 *
 * - A fact bound to a record proposes a change when a field it states or a
 *   reference differs; otherwise nothing (and a stale mark on it goes).
 * - An unbound fact that matches a record of main (kind and name, or the ends
 *   of a relationship) proposes a change of that record: accepting it binds
 *   the fact and labels the record; otherwise it proposes an addition.
 * - A bound fact this scan did not find proposes a removal and, when the scan
 *   is complete, marks the record stale. A partial scan removes and marks nothing.
 */
export function planProposals(input: PlanInput): ProposalPlan {
  const proposals: PlannedProposal[] = [];
  const clearStale: ProposalPlan['clearStale'] = [];
  const found = new Set(input.facts.map((fact) => fact.key));
  for (const match of matchScanFacts(input)) {
    const { fact, entityId } = match;
    if (entityId === null) {
      proposals.push({ factKey: fact.key, action: 'add', entityKind: fact.kind, entityId: null, proposed: fact, current: null, changedFields: [] });
      continue;
    }
    const current = input.model.get(entityId)!.record;
    const changedFields = [...match.changedFields];
    const labelled = match.labelled;
    const bound = input.bindings.get(fact.key);
    if (bound && changedFields.length === 0 && labelled) {
      if ('stale' in current && current.stale !== null) clearStale.push({ entityKind: fact.kind, entityId, factKey: fact.key });
      continue;
    }
    if (!labelled && fact.kind !== 'schema') changedFields.push('factStatus');
    if (changedFields.length === 0 && bound) continue;
    proposals.push({ factKey: fact.key, action: 'change', entityKind: fact.kind, entityId, proposed: fact, current, changedFields });
  }

  const markStale: ProposalPlan['markStale'] = [];
  if (input.isComplete) {
    for (const [key, bound] of input.bindings) {
      if (found.has(key)) continue;
      const entry = input.model.get(bound.entityId);
      if (!entry) continue;
      proposals.push({ factKey: key, action: 'remove', entityKind: bound.entityKind, entityId: bound.entityId, proposed: null, current: entry.record, changedFields: [] });
      // A schema carries no fact fields, so no stale mark.
      if (bound.entityKind !== 'schema' && (!('stale' in entry.record) || entry.record.stale === null)) markStale.push({ entityKind: bound.entityKind, entityId: bound.entityId, factKey: key });
    }
  }
  return { proposals, markStale, clearStale };
}
