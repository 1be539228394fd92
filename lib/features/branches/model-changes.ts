import type { BranchReview } from '../../../contracts/review';
import type { ModelDiff } from '../../core/model/diff/compare-records';
import { modelKinds, type ModelKind } from '../../core/model/model-records';

/** The most changed records a review lists; the counts per kind are always whole. */
export const maxListedModelChanges = 1000;

type ModelChanges = BranchReview['diff'];

function nameOf(kind: ModelKind, record: unknown): string | null {
  const name = kind === 'relationship' ? (record as { label?: unknown }).label : (record as { name?: unknown }).name;
  return typeof name === 'string' ? name : null;
}

/**
 * The records a branch adds, removes and changes against main, as the review's table lists them:
 * per kind (in model order) the added, then the removed, then the changed records, each in ID
 * order, a change naming the fields that differ; cut at `maxListedModelChanges`, with whole
 * counts per kind. Pure.
 */
export function modelChangesOf(diff: ModelDiff): ModelChanges {
  const counts: ModelChanges['counts'] = [];
  const items: ModelChanges['items'] = [];
  for (const kind of modelKinds) {
    const { added, removed, changed } = diff[kind];
    counts.push({ kind, added: added.length, removed: removed.length, changed: changed.length });
    for (const record of added) items.push({ kind, id: record.id, name: nameOf(kind, record), change: 'added', fields: [] });
    for (const record of removed) items.push({ kind, id: record.id, name: nameOf(kind, record), change: 'removed', fields: [] });
    for (const change of changed) items.push({ kind, id: change.id, name: nameOf(kind, change.after), change: 'changed', fields: change.fields.map((f) => f.field) });
  }
  return { counts, items: items.slice(0, maxListedModelChanges) };
}
