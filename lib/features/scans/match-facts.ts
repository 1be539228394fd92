import type { AnyModelRecord, ModelKind } from '../../core/model/model-records';
import { referenceFields, resolutionOrder, type ScanFact } from './scan-fact';

export interface BoundFact {
  entityKind: ModelKind;
  entityId: string;
}

export interface MatchInput {
  facts: readonly ScanFact[];
  /** The Source's accepted facts: fact key → model record. */
  bindings: ReadonlyMap<string, BoundFact>;
  /** Main's records by ID. */
  model: ReadonlyMap<string, { kind: ModelKind; record: AnyModelRecord }>;
}

/** One scanned fact and the record of main it is, if any. */
export interface FactMatch {
  fact: ScanFact;
  /** The record the fact is bound to or matched with; null when main has none. */
  entityId: string | null;
  /** Whether the Source's bindings name the record (an accepted fact), rather than a match by name or ends. */
  bound: boolean;
  /** Field names whose value differs from the record's, fields first, then references; empty without a record. */
  changedFields: string[];
  /** The fact's references as the record would hold them: record IDs, or `fact:<key>` where the fact is not a record yet. */
  ends: Record<string, unknown>;
  /** Whether the record carries the fact's truth label. */
  labelled: boolean;
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
export function recordMatchIndex(model: MatchInput['model']): Map<string, string> {
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
 * Which record of main each scanned fact is (part 2 "Scans and proposals"),
 * the one matching that proposals, stale marks and drift all read. Pure.
 * A fact the Source accepted is its bound record; an unbound fact is the
 * record of main with the same kind and name (or the same ends), its
 * references resolved through the facts before it. Facts come back in
 * resolution order (kind, then key).
 */
export function matchScanFacts(input: MatchInput): FactMatch[] {
  const byMatchKey = recordMatchIndex(input.model);
  const factsInOrder = [...input.facts].sort((a, b) => resolutionOrder.indexOf(a.kind) - resolutionOrder.indexOf(b.kind) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  /** Fact key → the record ID it is or will be matched to (known records only). */
  const resolved = new Map<string, string>();
  for (const [key, bound] of input.bindings) if (input.model.has(bound.entityId)) resolved.set(key, bound.entityId);

  return factsInOrder.map((fact) => {
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
    const bound = input.bindings.has(fact.key) && entityId !== null && input.bindings.get(fact.key)?.entityId === entityId;
    if (entityId === null) return { fact, entityId, bound: false, changedFields: [], ends, labelled: false };
    const current = input.model.get(entityId)!.record;
    const currentFields = current as unknown as Record<string, unknown>;
    const changedFields = [
      ...Object.keys(fact.fields).filter((field) => !sameValue(fact.fields[field], currentFields[field])),
      ...Object.keys(ends).filter((field) => !sameValue(ends[field], currentFields[field])),
    ];
    const labelled = 'factStatus' in current && current.factStatus === fact.factStatus;
    return { fact, entityId, bound, changedFields, ends, labelled };
  });
}
