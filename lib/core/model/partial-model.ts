/**
 * The part of a stored model that one change can affect: the records the
 * rules read (found by ID, by the parent chain, or as referrers), what is
 * known to be absent, and the answers to the look-ups the rules make. An edit
 * checks its change against it as it would against the whole model
 * (docs/model-document.md "What an edit checks").
 *
 * Asking it anything it was not loaded to answer throws: a rule that starts
 * reading more than `neighbourhoodOfRecord` says fails loudly in the tests
 * instead of passing on a part of the model.
 */
import type { ModelLookups, Referrer } from './model-index';
import { modelKinds, type AnyModelRecord, type BindingRecord, type ModelKind, type ModelSnapshot, type RecordOfKind } from './model-records';
import { bindingKeyOf } from './model-references';

/** What to load of a stored model so the rules can check one change (see `neighbourhoodOfRecord` in model-rules.ts). */
export interface Neighbourhood {
  /** Records by ID, whatever their kind; an ID that names none is known to be absent. */
  ids: readonly string[];
  /** The chain of elements above `from` by parentId (from included), not followed past `stopAt`. */
  ancestors: { from: string; stopAt: string } | null;
  /** Every record that refers to one of these. */
  referrersOf: readonly { kind: ModelKind; id: string }[];
  /** Every binding with the source and target of one of these (the routing key is compared by the rule). */
  bindingsLike: readonly Pick<BindingRecord, 'sourceChannelId' | 'targetChannelId' | 'routingKey'>[];
}

/** A stored record as a row: its ID, kind and body. */
export interface StoredRow {
  id: string;
  kind: string;
  body: unknown;
}

/** What a loader found for a neighbourhood. */
export interface LoadedNeighbourhood {
  /** Every row read (duplicates allowed). */
  rows: readonly StoredRow[];
  /** IDs looked up, found or not: their presence in every kind is known. IDs of `rows` need not be repeated. */
  lookedUp: Iterable<string>;
  /** The referrers of each `referrersOf` entry; their records are among `rows`. */
  referrers: readonly { kind: ModelKind; id: string; found: readonly Referrer[] }[];
  /** For each `bindingsLike` entry, the IDs of the bindings with its source and target; their records are among `rows`. */
  bindings: readonly { like: Neighbourhood['bindingsLike'][number]; ids: readonly string[] }[];
}

/** Thrown when a rule asks the partial model something it was not loaded to answer. */
export class NeighbourhoodMissError extends Error {
  override readonly name = 'NeighbourhoodMissError';
}

/** One kind's records of the neighbourhood: answers only for IDs that were looked up. */
class KnownRecords<V> implements ReadonlyMap<string, V> {
  constructor(
    private readonly kind: ModelKind,
    private readonly records: ReadonlyMap<string, V>,
    private readonly known: ReadonlySet<string>,
  ) {}

  get(id: string): V | undefined {
    if (!this.known.has(id)) throw new NeighbourhoodMissError(`the ${this.kind} ${id} was not loaded for this check`);
    return this.records.get(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  private whole(): never {
    throw new NeighbourhoodMissError(`the ${this.kind} records of a partial model cannot be listed`);
  }

  get size(): number {
    return this.whole();
  }

  forEach(): void {
    this.whole();
  }

  entries(): MapIterator<[string, V]> {
    return this.whole();
  }

  keys(): MapIterator<string> {
    return this.whole();
  }

  values(): MapIterator<V> {
    return this.whole();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.whole();
  }
}

/** A model that holds only a neighbourhood: usable wherever the rules take a ModelSnapshot (an overlay's base included). */
export class PartialModel implements ModelSnapshot, ModelLookups {
  readonly element: ReadonlyMap<string, RecordOfKind['element']>;
  readonly relationship: ReadonlyMap<string, RecordOfKind['relationship']>;
  readonly message: ReadonlyMap<string, RecordOfKind['message']>;
  readonly schema: ReadonlyMap<string, RecordOfKind['schema']>;
  readonly operation: ReadonlyMap<string, RecordOfKind['operation']>;
  readonly channel: ReadonlyMap<string, RecordOfKind['channel']>;
  readonly subscription: ReadonlyMap<string, RecordOfKind['subscription']>;
  readonly binding: ReadonlyMap<string, RecordOfKind['binding']>;
  readonly #referrers = new Map<string, readonly Referrer[]>();
  readonly #bindings = new Map<string, readonly string[]>();

  constructor(loaded: LoadedNeighbourhood) {
    const known = new Set(loaded.lookedUp);
    const byKind = Object.fromEntries(modelKinds.map((kind) => [kind, new Map<string, AnyModelRecord>()])) as Record<ModelKind, Map<string, AnyModelRecord>>;
    for (const row of loaded.rows) {
      byKind[row.kind as ModelKind].set(row.id, row.body as AnyModelRecord);
      known.add(row.id);
    }
    const records = <K extends ModelKind>(kind: K) => new KnownRecords(kind, byKind[kind] as Map<string, RecordOfKind[K]>, known);
    this.element = records('element');
    this.relationship = records('relationship');
    this.message = records('message');
    this.schema = records('schema');
    this.operation = records('operation');
    this.channel = records('channel');
    this.subscription = records('subscription');
    this.binding = records('binding');
    for (const { kind, id, found } of loaded.referrers) this.#referrers.set(`${kind}:${id}`, found);
    for (const { like, ids } of loaded.bindings) this.#bindings.set(bindingKeyOf(like), ids);
  }

  referrerCandidates(kind: ModelKind, id: string): readonly Referrer[] {
    const found = this.#referrers.get(`${kind}:${id}`);
    if (!found) throw new NeighbourhoodMissError(`the referrers of ${kind} ${id} were not loaded for this check`);
    return found;
  }

  bindingCandidates(bindingKey: string): readonly string[] {
    const found = this.#bindings.get(bindingKey);
    if (!found) throw new NeighbourhoodMissError(`the bindings ${bindingKey} were not loaded for this check`);
    return found;
  }
}
