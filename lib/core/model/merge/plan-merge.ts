/**
 * What a merge writes to main, checked by the import's rules (docs/change-review.md "Merge"):
 * the branch's added and changed records go through planImport against main with the branch's
 * deletions already made, as one model document would; a deletion may leave nothing referring
 * to the record deleted, as a single delete may not. Pure: the caller commits `upserts` and
 * `deletes`, or answers the refusals.
 */
import type { FieldError } from '../../../platform/errors/error-codes';
import type { IgnoredMember } from '../ignored-members';
import { sectionOfKind, type ModelKind, type ModelSnapshot } from '../model-records';
import { findReferrers } from '../model-rules';
import { overlayModel, type ModelChange } from '../overlay-model';
import { planImport, type ImportItem, type ModelUpsert } from '../plan-import';
import type { BranchChange } from './three-way-merge';

export interface MergeWriteInput {
  main: ModelSnapshot;
  /** The branch's changes and the conflicts resolved to the branch's side. */
  changes: readonly BranchChange[];
  projectId: string;
  /** Schema IDs another project owns (import rule 9). */
  foreignSchemaIds: ReadonlySet<string>;
}

export interface Referrer {
  kind: string;
  id: string;
  field: string;
  /** The record it refers to, which the merge deletes. */
  deleted: { kind: ModelKind; id: string };
}

export interface MergeWritePlan {
  /** Set when a kind has more records to write than an import list may hold: answered as the import answers it. */
  tooLarge: { kind: ModelKind; count: number; limit: number } | null;
  upserts: ModelUpsert[];
  deletes: { kind: ModelKind; id: string }[];
  /** Per record: added, changed or unchanged (a branch record equal to main's after the import's rules), or refused. */
  items: ImportItem[];
  ignored: IgnoredMember[];
  /** The import's refusals (`<kind>:<id>`), answered as an import answers them; empty when none. */
  refusals: FieldError[];
  title: string;
  /** Records main keeps that refer to a record the merge deletes. */
  danglingReferrers: Referrer[];
}

/** The branch's records as one model document, each kind in its section. */
function documentOf(changes: readonly BranchChange[]): Record<string, unknown> {
  const document: Record<string, unknown[]> = {};
  for (const change of changes) {
    if (!change.record) continue;
    (document[sectionOfKind[change.kind]] ??= []).push(change.record);
  }
  return { version: '1.0', ...document };
}

export function planMergeWrite(input: MergeWriteInput): MergeWritePlan {
  const deletes = input.changes.filter((c) => c.record === null).map((c) => ({ kind: c.kind, id: c.id }));
  const withoutDeleted = overlayModel(input.main, deletes.map((d): ModelChange => ({ kind: d.kind, delete: d.id })));
  const plan = planImport({ current: withoutDeleted, document: documentOf(input.changes), projectId: input.projectId, streamId: input.projectId, foreignSchemaIds: input.foreignSchemaIds });
  const danglingReferrers: Referrer[] = [];
  if (plan.refusals.length === 0) {
    const after = overlayModel(withoutDeleted, plan.upserts as ModelChange[]);
    for (const deleted of deletes) {
      for (const referrer of findReferrers(after, deleted.kind, deleted.id)) danglingReferrers.push({ ...referrer, deleted });
    }
  }
  return {
    tooLarge: plan.tooLarge,
    upserts: plan.refusals.length === 0 ? plan.upserts : [],
    deletes,
    items: plan.items,
    ignored: plan.ignored,
    refusals: plan.refusals,
    title: plan.title,
    danglingReferrers,
  };
}
