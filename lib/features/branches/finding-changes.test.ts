import { describe, expect, it } from 'vitest';
import type { Finding } from '../review/review-rules';
import { findingChanges, maxListedFindingChanges } from './finding-changes';

const finding = (ruleId: string, subject: string, message = `${ruleId} on ${subject}`): Finding => ({
  id: `${ruleId}:${subject}`,
  ruleId,
  severity: 'warning',
  subject: { kind: 'element', id: subject, name: subject },
  message,
  related: [],
});

describe('review findings added and removed by a branch', () => {
  it('matches findings by rule and subject: a reworded one is neither added nor removed', () => {
    const main = [finding('RV001', 'a'), finding('RV007', 'b')];
    const branch = [finding('RV001', 'a', 'reworded'), finding('RV007', 'c')];
    expect(findingChanges(main, branch)).toEqual({ addedCount: 1, removedCount: 1, added: [finding('RV007', 'c')], removed: [finding('RV007', 'b')] });
  });

  it('lists at most the limit in rule order and counts them all', () => {
    const branch = Array.from({ length: maxListedFindingChanges + 3 }, (_, i) => finding('RV007', String(i).padStart(4, '0')));
    const changes = findingChanges([], branch);
    expect(changes.addedCount).toBe(maxListedFindingChanges + 3);
    expect(changes.added).toEqual(branch.slice(0, maxListedFindingChanges));
  });
});
