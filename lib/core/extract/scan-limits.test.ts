import { describe, expect, it } from 'vitest';
import { partialSettingsSchema } from '../../features/settings/settings-schema';
import { defaultScanLimits, narrowScanLimits, ScanBudget, scanLimitsSchema } from './scan-limits';

describe('scan limits', () => {
  it('default to the import.* settings and take the same ranges', () => {
    expect(defaultScanLimits).toEqual({ maxFiles: 2000, maxFileBytes: 262_144, maxTotalBytes: 20_971_520 });
    expect(scanLimitsSchema.parse({})).toEqual(defaultScanLimits);
    for (const [key, low, high] of [
      ['maxFiles', 1, 100_000],
      ['maxFileBytes', 1, 16_777_216],
      ['maxTotalBytes', 1, 1_073_741_824],
    ] as const) {
      for (const value of [low, high]) {
        expect(scanLimitsSchema.safeParse({ maxFileBytes: 1, [key]: value }).success, `${key}=${value}`).toBe(true);
        expect(partialSettingsSchema.safeParse({ import: { [key]: value } }).success).toBe(true);
      }
      expect(scanLimitsSchema.safeParse({ maxFileBytes: 1, [key]: high + 1 }).success).toBe(false);
      expect(partialSettingsSchema.safeParse({ import: { [key]: high + 1 } }).success).toBe(false);
    }
    expect(scanLimitsSchema.safeParse({ maxFileBytes: 100, maxTotalBytes: 99 }).success).toBe(false);
  });

  it('can only be made smaller by a request', () => {
    const workspace = { maxFiles: 100, maxFileBytes: 1000, maxTotalBytes: 5000 };
    expect(narrowScanLimits(workspace, { maxFiles: 1000, maxFileBytes: 10 })).toEqual({ maxFiles: 100, maxFileBytes: 10, maxTotalBytes: 5000 });
    expect(narrowScanLimits(workspace, { maxTotalBytes: 500 })).toEqual({ maxFiles: 100, maxFileBytes: 500, maxTotalBytes: 500 });
    expect(narrowScanLimits(workspace, {})).toEqual(workspace);
  });
});

describe('ScanBudget', () => {
  it('says read, too-large, file-limit or total-limit for each next file', () => {
    const budget = new ScanBudget({ maxFiles: 3, maxFileBytes: 100, maxTotalBytes: 150 });
    expect(budget.decide(101)).toEqual({ read: false, reason: 'too-large' });
    expect(budget.decide(100)).toEqual({ read: true });
    budget.record(100);
    expect(budget.decide(60)).toEqual({ read: false, reason: 'total-limit' });
    // A smaller file still fits after a larger one was refused.
    expect(budget.decide(50)).toEqual({ read: true });
    budget.record(50);
    expect(budget.decide(0)).toEqual({ read: true });
    budget.record(0);
    expect(budget.decide(0)).toEqual({ read: false, reason: 'file-limit' });
    expect(budget.usage).toEqual({ filesRead: 3, bytesRead: 150 });
  });
});
