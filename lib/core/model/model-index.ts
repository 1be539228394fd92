/**
 * Reverse lookups over a model, built once per snapshot, so that "who refers
 * to this record" and "which binding has this source, target and routing key"
 * cost a map lookup instead of a scan of 50,000 records.
 */
import { modelKinds, type AnyModelRecord, type BindingRecord, type ModelKind, type ModelSnapshot } from './model-records';
import { bindingKeyOf, referencesOf } from './model-references';

/** A record that refers to another one, and through which field. */
export interface Referrer {
  kind: ModelKind;
  id: string;
  field: string;
}

/**
 * Candidate answers. An entry may be out of date (the record has changed since
 * it was indexed), so callers confirm each against the model; a record that
 * refers now is always among the candidates.
 */
export interface ModelLookups {
  referrerCandidates(kind: ModelKind, id: string): readonly Referrer[];
  bindingCandidates(bindingKey: string): readonly string[];
}

/** An index that grows record by record: the base of a snapshot's lookups and of an overlay's own changes. */
export class ReferenceIndex implements ModelLookups {
  // One map per referred kind, keyed by the plain ID: no key string is built per reference.
  private readonly referrers = Object.fromEntries(modelKinds.map((kind) => [kind, new Map<string, Referrer[]>()])) as Record<ModelKind, Map<string, Referrer[]>>;
  private readonly bindings = new Map<string, string[]>();

  /** Indexes the references (and, for a binding, the identity) of one record. */
  add(kind: ModelKind, record: AnyModelRecord): void {
    for (const ref of referencesOf(kind, record)) {
      const entry: Referrer = { kind, id: record.id, field: ref.field };
      const map = this.referrers[ref.kind];
      const list = map.get(ref.id);
      if (list) list.push(entry);
      else map.set(ref.id, [entry]);
    }
    if (kind === 'binding') {
      const key = bindingKeyOf(record as BindingRecord);
      const list = this.bindings.get(key);
      if (list) list.push(record.id);
      else this.bindings.set(key, [record.id]);
    }
  }

  referrerCandidates(kind: ModelKind, id: string): readonly Referrer[] {
    return this.referrers[kind].get(id) ?? [];
  }

  bindingCandidates(bindingKey: string): readonly string[] {
    return this.bindings.get(bindingKey) ?? [];
  }
}

/** True for a model that keeps its own lookups (an overlay). */
function hasLookups(model: ModelSnapshot): model is ModelSnapshot & ModelLookups {
  const candidate = model as Partial<ModelLookups>;
  return typeof candidate.referrerCandidates === 'function' && typeof candidate.bindingCandidates === 'function';
}

// Snapshots are immutable by contract (ReadonlyMap), so an index stays valid for the life of its snapshot.
const indexOfSnapshot = new WeakMap<ModelSnapshot, ReferenceIndex>();

/** The lookups of a model: its own when it keeps them (an overlay), else an index built once and cached. */
export function lookupsOf(model: ModelSnapshot): ModelLookups {
  if (hasLookups(model)) return model;
  let index = indexOfSnapshot.get(model);
  if (!index) {
    index = new ReferenceIndex();
    for (const kind of modelKinds) for (const record of model[kind].values()) index.add(kind, record);
    indexOfSnapshot.set(model, index);
  }
  return index;
}
