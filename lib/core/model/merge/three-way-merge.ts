/**
 * The three-way check of a branch merge (docs/change-review.md "Merge"): main and the branch
 * compared record by record with the records main had when the branch was copied (the base).
 * A record only the branch changed is the branch's change; one only main changed stays as main
 * has it; one both changed the same way needs nothing; one both changed differently is a
 * conflict, listed with the fields on which the two sides differ. Without a base (a branch made
 * before bases were kept) every record that differs between main and the branch is a conflict.
 * Pure: the caller loads the three models and applies the answer.
 */
import { compareRecord } from '../diff/compare-records';
import { documentRecord } from '../model-document';
import { modelKinds, type AnyModelRecord, type ModelKind, type ModelSnapshot } from '../model-records';
import { recordFieldOrder } from '../record-schemas';

/** Whether two versions of a record are the same (both absent included), as the model diff compares them. */
function sameRecord(kind: ModelKind, a: AnyModelRecord | null, b: AnyModelRecord | null): boolean {
  if (a === null || b === null) return a === b;
  return compareRecord(kind, a as never, b as never).length === 0;
}

/**
 * The fields on which main and the branch disagree, in document order. Where one side has no
 * record, every field the other side holds (not null) is listed: that is what taking a side keeps or loses.
 */
function conflictingFields(kind: ModelKind, main: AnyModelRecord | null, branch: AnyModelRecord | null): string[] {
  if (main && branch) return compareRecord(kind, main as never, branch as never).map((f) => f.field);
  const present = documentRecord(kind, (main ?? branch) as never) as Record<string, unknown>;
  return recordFieldOrder[kind].filter((field) => (present[field] ?? null) !== null);
}

/** A record the branch changed and main did not: what the merge writes to main. */
export interface BranchChange {
  kind: ModelKind;
  id: string;
  change: 'added' | 'changed' | 'deleted';
  /** The branch's record; null for a deletion. */
  record: AnyModelRecord | null;
}

/** Whether a side holds the record; `unknown` for the base of a branch made before bases were kept. */
export type RecordPresence = 'present' | 'absent' | 'unknown';

/** One field on which main and the branch disagree; a value is null where that side has no record. */
export interface FieldConflict {
  field: string;
  base: unknown;
  main: unknown;
  branch: unknown;
}

/** A record changed on both sides, differently. */
export interface RecordConflict {
  kind: ModelKind;
  id: string;
  /** The record's name (a relationship's label) on the branch, else on main. */
  name: string | null;
  base: RecordPresence;
  main: Exclude<RecordPresence, 'unknown'>;
  branch: Exclude<RecordPresence, 'unknown'>;
  fields: FieldConflict[];
  /** The two sides' records, null where absent: what taking either side writes. */
  mainRecord: AnyModelRecord | null;
  branchRecord: AnyModelRecord | null;
}

export interface ThreeWayInput {
  /** Main as the branch was copied from it; null when it was not kept. */
  base: ModelSnapshot | null;
  main: ModelSnapshot;
  branch: ModelSnapshot;
}

export interface ThreeWayResult {
  changes: BranchChange[];
  conflicts: RecordConflict[];
}

function nameOf(record: AnyModelRecord | null): string | null {
  if (!record) return null;
  const named = record as { name?: unknown; label?: unknown };
  const name = 'label' in named && !('name' in named) ? named.label : named.name;
  return typeof name === 'string' ? name : null;
}

function conflictOf(kind: ModelKind, id: string, base: AnyModelRecord | null | undefined, main: AnyModelRecord | null, branch: AnyModelRecord | null): RecordConflict {
  return {
    kind,
    id,
    name: nameOf(branch) ?? nameOf(main),
    base: base === undefined ? 'unknown' : base ? 'present' : 'absent',
    main: main ? 'present' : 'absent',
    branch: branch ? 'present' : 'absent',
    fields: conflictingFields(kind, main, branch).map((field) => ({ field, base: fieldValue(base ?? null, field), main: fieldValue(main, field), branch: fieldValue(branch, field) })),
    mainRecord: main,
    branchRecord: branch,
  };
}

function fieldValue(record: AnyModelRecord | null, field: string): unknown {
  return record ? ((record as unknown as Record<string, unknown>)[field] ?? null) : null;
}

/** Changes and conflicts, each in kind order (elements first), then by ID. */
export function threeWayMerge(input: ThreeWayInput): ThreeWayResult {
  const changes: BranchChange[] = [];
  const conflicts: RecordConflict[] = [];
  for (const kind of modelKinds) {
    const main = input.main[kind] as ReadonlyMap<string, AnyModelRecord>;
    const branch = input.branch[kind] as ReadonlyMap<string, AnyModelRecord>;
    const base = input.base ? (input.base[kind] as ReadonlyMap<string, AnyModelRecord>) : null;
    const ids = new Set<string>([...main.keys(), ...branch.keys(), ...(base ? base.keys() : [])]);
    for (const id of [...ids].sort()) {
      const m = main.get(id) ?? null;
      const d = branch.get(id) ?? null;
      if (sameRecord(kind, m, d)) continue;
      if (!base) {
        conflicts.push(conflictOf(kind, id, undefined, m, d));
        continue;
      }
      const b = base.get(id) ?? null;
      const branchChanged = !sameRecord(kind, b, d);
      const mainChanged = !sameRecord(kind, b, m);
      if (!branchChanged) continue;
      if (mainChanged) {
        conflicts.push(conflictOf(kind, id, b, m, d));
        continue;
      }
      changes.push({ kind, id, change: d === null ? 'deleted' : b === null ? 'added' : 'changed', record: d });
    }
  }
  return { changes, conflicts };
}
