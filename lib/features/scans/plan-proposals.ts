import type { AnyModelRecord, ModelKind } from '../../core/model/model-records';
import { referenceFields, resolutionOrder, type ScanFact } from './scan-fact';

export interface BoundFact {
  entityKind: ModelKind;
  entityId: string;
}

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

export interface PlanInput {
  facts: readonly ScanFact[];
  /** The Source's accepted facts: fact key → model record. */
  bindings: ReadonlyMap<string, BoundFact>;
  /** Main's records by ID. */
  model: ReadonlyMap<string, { kind: ModelKind; record: AnyModelRecord }>;
  isComplete: boolean;
}


/** The key an unbound fact and an existing record are matched by: same kind, same name (any case), same element kind; relationships by their ends. */
function matchKey(kind: ModelKind, fields: Record<string, unknown>, ends: Record<string, unknown>): string | null {
  if (kind === 'relationship') return ends.fromId && ends.toId ? `relationship:${ends.fromId}->${ends.toId}` : null;
  if (kind === 'operation') return ends.ownerId && typeof fields.name === 'string' ? `operation:${ends.ownerId}:${fields.name.toLowerCase()}` : null;
  if (kind === 'subscription') return ends.channelId && ends.consumerId ? `subscription:${ends.channelId}:${ends.consumerId}` : null;
  if (kind === 'binding') return ends.sourceChannelId && ends.targetChannelId ? `binding:${ends.sourceChannelId}->${ends.targetChannelId}` : null;
  if (typeof fields.name !== 'string') return null;
  return kind === 'element' ? `element:${String(fields.kind)}:${fields.name.toLowerCase()}` : `${kind}:${fields.name.toLowerCase()}`;
}

function recordMatchKey(kind: ModelKind, record: AnyModelRecord): string | null {
  const r = record as unknown as Record<string, unknown>;
  const ends: Record<string, unknown> = {};
  for (const field of referenceFields[kind]) ends[field] = r[field];
  return matchKey(kind, r, ends);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Main's records by the key an unbound fact is matched with (kind and name, or a relationship's ends). */
export function recordMatchIndex(model: PlanInput['model']): Map<string, string> {
  const byMatchKey = new Map<string, string>();
  for (const [id, { kind, record }] of model) {
    const key = recordMatchKey(kind, record);
    if (key !== null && !byMatchKey.has(key)) byMatchKey.set(key, id);
  }
  return byMatchKey;
}

/** The match key of a fact whose references resolve through `idOfKey` (null where a reference is not a record yet). */
export function factMatchKey(fact: ScanFact, idOfKey: (key: string) => string | null): string | null {
  const ends: Record<string, unknown> = {};
  for (const [field, ref] of Object.entries(fact.refs)) ends[field] = Array.isArray(ref) ? ref.map(idOfKey) : ref === null ? null : idOfKey(ref);
  return matchKey(fact.kind, fact.fields, ends);
}

/**
 * Compares a scan's facts with the Source's accepted facts and main
 * (part 2 "Scans and proposals", part 1 stale-mark transition). Pure.
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
  const byMatchKey = recordMatchIndex(input.model);
  const factsInOrder = [...input.facts].sort((a, b) => resolutionOrder.indexOf(a.kind) - resolutionOrder.indexOf(b.kind) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  /** Fact key → the record ID it is or will be matched to (known records only). */
  const resolved = new Map<string, string>();
  for (const [key, bound] of input.bindings) if (input.model.has(bound.entityId)) resolved.set(key, bound.entityId);

  const proposals: PlannedProposal[] = [];
  const clearStale: ProposalPlan['clearStale'] = [];
  const found = new Set<string>();
  for (const fact of factsInOrder) {
    found.add(fact.key);
    const ends: Record<string, unknown> = {};
    for (const [field, ref] of Object.entries(fact.refs)) {
      ends[field] = Array.isArray(ref) ? ref.map((k) => resolved.get(k) ?? `fact:${k}`) : ref === null ? null : (resolved.get(ref) ?? `fact:${ref}`);
    }
    let entityId = resolved.get(fact.key) ?? null;
    if (entityId === null) {
      const key = matchKey(fact.kind, fact.fields, ends);
      const match = key === null ? undefined : byMatchKey.get(key);
      if (match !== undefined && input.model.get(match)?.kind === fact.kind) {
        entityId = match;
        resolved.set(fact.key, match);
      }
    }
    if (entityId === null) {
      proposals.push({ factKey: fact.key, action: 'add', entityKind: fact.kind, entityId: null, proposed: fact, current: null, changedFields: [] });
      continue;
    }
    const current = input.model.get(entityId)!.record;
    const currentFields = current as unknown as Record<string, unknown>;
    const changedFields = [
      ...Object.keys(fact.fields).filter((field) => !sameValue(fact.fields[field], currentFields[field])),
      ...Object.keys(ends).filter((field) => !sameValue(ends[field], currentFields[field])),
    ];
    const bound = input.bindings.get(fact.key);
    const labelled = 'factStatus' in current && current.factStatus === fact.factStatus;
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
