import type { Finding } from '../review/review-rules';

/** The most findings each list of a review carries; the counts are always whole. */
export const maxListedFindingChanges = 500;

export interface FindingChanges {
  addedCount: number;
  removedCount: number;
  added: Finding[];
  removed: Finding[];
}

/**
 * Findings of the branch that main does not have (added) and of main that the branch no longer
 * has (removed), matched by finding ID (rule and subject), each list in the order the rules give
 * (rule, then subject ID) and cut at `maxListedFindingChanges`. A finding on both sides whose
 * words changed (a renamed subject) is neither. Pure.
 */
export function findingChanges(main: readonly Finding[], branch: readonly Finding[]): FindingChanges {
  const onMain = new Set(main.map((f) => f.id));
  const onBranch = new Set(branch.map((f) => f.id));
  const added = branch.filter((f) => !onMain.has(f.id));
  const removed = main.filter((f) => !onBranch.has(f.id));
  return { addedCount: added.length, removedCount: removed.length, added: added.slice(0, maxListedFindingChanges), removed: removed.slice(0, maxListedFindingChanges) };
}
