/**
 * A model seen through a layer of pending changes: the rules check "the model
 * after the change" without copying a 50,000-record snapshot per edit.
 */
import { lookupsOf, ReferenceIndex, type ModelLookups, type Referrer } from './model-index';
import { modelKinds, type AnyModelRecord, type ModelKind, type ModelSnapshot, type RecordOfKind } from './model-records';

const deleted = Symbol('deleted');

/** One kind's records: the base map with this layer's upserts and deletions on top. */
class OverlayMap<V> implements ReadonlyMap<string, V> {
  private readonly changes = new Map<string, V | typeof deleted>();
  private cache: Map<string, V> | null = null;

  constructor(private readonly base: ReadonlyMap<string, V>) {}

  /** Records an upsert (`value`) or a deletion (`deleted`), or with `undefined` drops this layer's change. */
  change(id: string, value: V | typeof deleted | undefined): void {
    if (value === undefined) this.changes.delete(id);
    else this.changes.set(id, value);
    this.cache = null;
  }

  get(id: string): V | undefined {
    const value = this.changes.get(id);
    if (value === undefined) return this.base.get(id);
    return value === deleted ? undefined : value;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  get size(): number {
    let size = this.base.size;
    for (const [id, value] of this.changes) {
      const inBase = this.base.has(id);
      if (value === deleted && inBase) size--;
      else if (value !== deleted && !inBase) size++;
    }
    return size;
  }

  // Iteration is for exports and tests, not for rules: a merged copy, kept until the next change.
  private merged(): Map<string, V> {
    if (!this.cache) {
      const merged = new Map<string, V>();
      for (const [id, value] of this.base) if (!this.changes.has(id)) merged.set(id, value);
      for (const [id, value] of this.changes) if (value !== deleted) merged.set(id, value);
      this.cache = merged;
    }
    return this.cache;
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [id, value] of this.merged()) callback.call(thisArg, value, id, this);
  }

  entries(): MapIterator<[string, V]> {
    return this.merged().entries();
  }

  keys(): MapIterator<string> {
    return this.merged().keys();
  }

  values(): MapIterator<V> {
    return this.merged().values();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.merged().entries();
  }
}

/** A model snapshot plus pending upserts and deletions, with reverse lookups that see both. */
export class ModelOverlay implements ModelSnapshot, ModelLookups {
  readonly element: ReadonlyMap<string, RecordOfKind['element']>;
  readonly relationship: ReadonlyMap<string, RecordOfKind['relationship']>;
  readonly message: ReadonlyMap<string, RecordOfKind['message']>;
  readonly schema: ReadonlyMap<string, RecordOfKind['schema']>;
  readonly operation: ReadonlyMap<string, RecordOfKind['operation']>;
  readonly channel: ReadonlyMap<string, RecordOfKind['channel']>;
  readonly subscription: ReadonlyMap<string, RecordOfKind['subscription']>;
  readonly binding: ReadonlyMap<string, RecordOfKind['binding']>;
  private readonly layers: Record<ModelKind, OverlayMap<AnyModelRecord>>;
  // References of the records this layer wrote; the base's come from its own lookups.
  private readonly index = new ReferenceIndex();

  constructor(readonly base: ModelSnapshot) {
    this.element = new OverlayMap(base.element);
    this.relationship = new OverlayMap(base.relationship);
    this.message = new OverlayMap(base.message);
    this.schema = new OverlayMap(base.schema);
    this.operation = new OverlayMap(base.operation);
    this.channel = new OverlayMap(base.channel);
    this.subscription = new OverlayMap(base.subscription);
    this.binding = new OverlayMap(base.binding);
    this.layers = Object.fromEntries(modelKinds.map((kind) => [kind, this[kind]])) as Record<ModelKind, OverlayMap<AnyModelRecord>>;
  }

  private layer(kind: ModelKind): OverlayMap<AnyModelRecord> {
    return this.layers[kind];
  }

  /** Adds or replaces a record. */
  set<K extends ModelKind>(kind: K, record: RecordOfKind[K]): void {
    this.layer(kind).change(record.id, record);
    this.index.add(kind, record);
  }

  /** Removes a record from the model seen through this overlay. */
  delete(kind: ModelKind, id: string): void {
    this.layer(kind).change(id, deleted);
  }

  /** Drops this overlay's change of one record: the base record (or its absence) shows again. */
  unset(kind: ModelKind, id: string): void {
    this.layer(kind).change(id, undefined);
  }

  /** Referrers indexed in the base and in this layer (callers confirm each against the overlay). */
  referrerCandidates(kind: ModelKind, id: string): readonly Referrer[] {
    return both(lookupsOf(this.base).referrerCandidates(kind, id), this.index.referrerCandidates(kind, id));
  }

  /** Bindings with this identity in the base or in this layer (callers confirm each). */
  bindingCandidates(bindingKey: string): readonly string[] {
    return both(lookupsOf(this.base).bindingCandidates(bindingKey), this.index.bindingCandidates(bindingKey));
  }
}

// Most lookups find nothing in one of the two layers: no copy then.
function both<T>(a: readonly T[], b: readonly T[]): readonly T[] {
  return a.length === 0 ? b : b.length === 0 ? a : [...a, ...b];
}

/** A pending change: a record to write, or a record to delete. */
export type ModelChange = { [K in ModelKind]: { kind: K; record: RecordOfKind[K] } }[ModelKind] | { kind: ModelKind; delete: string };

/**
 * The model after `changes`, as a cheap view over `base` (which is not copied
 * nor changed).
 *
 * @example
 * const after = overlayModel(stored, [{ kind: 'element', record }]);
 * const reasons = checkRecord('element', record, after, { streamId, before: stored });
 */
export function overlayModel(base: ModelSnapshot, changes: readonly ModelChange[] = []): ModelOverlay {
  const overlay = new ModelOverlay(base);
  for (const change of changes) {
    if ('delete' in change) overlay.delete(change.kind, change.delete);
    else overlay.set(change.kind, change.record);
  }
  return overlay;
}
