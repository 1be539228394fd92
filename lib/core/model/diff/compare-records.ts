/**
 * The comparison of two versions of a model (main, a branch, a revision, a
 * scan snapshot or a document read from a file): per kind the records added,
 * removed and changed, and for a change each field that differs with its value
 * before and after. Pure and deterministic: kinds in `modelKinds` order,
 * records by ID, fields in the order of the spec tables (fact fields last), so
 * the same two models always give the same diff.
 */
import { canonicalJson } from '../canonical-json';
import { documentRecord } from '../model-document';
import { modelKinds, type ModelKind, type ModelSnapshot, type RecordOfKind } from '../model-records';
import { recordFieldOrder } from '../record-schemas';

/** One field of a record that differs: its value in the first model and in the second (as the document writes it). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** A record present in both models whose fields differ. */
export interface RecordChange<K extends ModelKind = ModelKind> {
  id: string;
  before: RecordOfKind[K];
  after: RecordOfKind[K];
  /** At least one; in the order the document writes the fields. */
  fields: FieldChange[];
}

/** What changed among the records of one kind, each list in ID order. */
export interface KindDiff<K extends ModelKind = ModelKind> {
  added: RecordOfKind[K][];
  removed: RecordOfKind[K][];
  changed: RecordChange<K>[];
}

/** The differences of two models, every kind present (empty lists when nothing changed). */
export type ModelDiff = { [K in ModelKind]: KindDiff<K> };

function byIdText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The fields of a record of `kind` that differ between `before` and `after`
 * (the same record in two models), in document order; empty when they are
 * equal. Values are compared as the document writes them: a missing nullable
 * field equals null, key order inside provenance, stale and retry is not a
 * difference, list order is.
 *
 * @example
 * compareRecord('channel', { ...orders, name: 'orders' }, { ...orders, name: 'order-events' })
 * // [{ field: 'name', before: 'orders', after: 'order-events' }]
 */
export function compareRecord<K extends ModelKind>(kind: K, before: RecordOfKind[K], after: RecordOfKind[K]): FieldChange[] {
  const first = documentRecord(kind, before);
  const second = documentRecord(kind, after);
  const changes: FieldChange[] = [];
  for (const field of recordFieldOrder[kind]) {
    const a = first[field];
    const b = second[field];
    if (a === b) continue;
    if (typeof a === 'object' || typeof b === 'object') {
      if (canonicalJson(a) === canonicalJson(b)) continue;
    }
    changes.push({ field, before: a, after: b });
  }
  return changes;
}

function compareKind<K extends ModelKind>(kind: K, from: ReadonlyMap<string, RecordOfKind[K]>, to: ReadonlyMap<string, RecordOfKind[K]>): KindDiff<K> {
  const diff: KindDiff<K> = { added: [], removed: [], changed: [] };
  for (const id of [...from.keys()].sort(byIdText)) {
    const before = from.get(id)!;
    const after = to.get(id);
    if (after === undefined) {
      diff.removed.push(before);
      continue;
    }
    const fields = compareRecord(kind, before, after);
    if (fields.length > 0) diff.changed.push({ id, before, after, fields });
  }
  for (const id of [...to.keys()].sort(byIdText)) if (!from.has(id)) diff.added.push(to.get(id)!);
  return diff;
}

/**
 * What changed from the model `from` to the model `to`: per kind the records
 * only `to` holds (added), only `from` holds (removed), and those both hold
 * with different fields (changed, each field before and after). Records are
 * matched by kind and ID. Either model may hold only some records (say, those a
 * database query found different): the diff then covers those.
 *
 * @example
 * const diff = compareModels(mainModel, revisionModel);
 * diff.element.changed[0]?.fields // [{ field: 'name', before: 'Shop', after: 'Store' }]
 */
export function compareModels(from: ModelSnapshot, to: ModelSnapshot): ModelDiff {
  const diff = {} as Record<ModelKind, KindDiff>;
  for (const kind of modelKinds) diff[kind] = compareKind(kind, from[kind] as ReadonlyMap<string, RecordOfKind[ModelKind]>, to[kind] as ReadonlyMap<string, RecordOfKind[ModelKind]>) as KindDiff;
  return diff as ModelDiff;
}

/** True when the two models compared had the same records. */
export function isEmptyDiff(diff: ModelDiff): boolean {
  return modelKinds.every((kind) => diff[kind].added.length === 0 && diff[kind].removed.length === 0 && diff[kind].changed.length === 0);
}
