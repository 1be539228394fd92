/**
 * The import limits of part 2 "Settings document" (`import.maxFiles`,
 * `import.maxFileBytes`, `import.maxTotalBytes`) and the running budget of
 * one scan: for each next file it says read it, or skip it with the limit's
 * reason. A scan that skipped a file for a limit is partial.
 */
import { z } from 'zod';

/**
 * The built-in import limits of part 2's settings table (2000 files, 256 KiB a file, 20 MiB in
 * all); the settings document's defaults take them from here (lib/features/settings/settings-schema.ts).
 */
export const builtInScanLimits = Object.freeze({ maxFiles: 2000, maxFileBytes: 262_144, maxTotalBytes: 20_971_520 });
const importDefaults = builtInScanLimits;

/** The three limits one scan runs under; ranges and defaults as the settings table gives them. */
export const scanLimitsSchema = z
  .strictObject({
    maxFiles: z.int().min(1).max(100_000).default(importDefaults.maxFiles),
    maxFileBytes: z.int().min(1).max(16_777_216).default(importDefaults.maxFileBytes),
    maxTotalBytes: z.int().min(1).max(1_073_741_824).default(importDefaults.maxTotalBytes),
  })
  .refine((limits) => limits.maxTotalBytes >= limits.maxFileBytes, { path: ['maxTotalBytes'], message: 'must not be less than maxFileBytes' });

export type ScanLimits = z.infer<typeof scanLimitsSchema>;

/** The built-in limits (2000 files, 256 KiB a file, 20 MiB in all): what `svc scan --dry-run` uses without a server. */
export const defaultScanLimits: ScanLimits = Object.freeze({
  maxFiles: importDefaults.maxFiles,
  maxFileBytes: importDefaults.maxFileBytes,
  maxTotalBytes: importDefaults.maxTotalBytes,
});

/**
 * The limits of a scan where the command line narrows the workspace's
 * (`--max-files` and the others "can only make the workspace limit smaller").
 */
export function narrowScanLimits(workspace: ScanLimits, requested: Partial<ScanLimits>): ScanLimits {
  const maxTotalBytes = Math.min(workspace.maxTotalBytes, requested.maxTotalBytes ?? Number.POSITIVE_INFINITY);
  return {
    maxFiles: Math.min(workspace.maxFiles, requested.maxFiles ?? Number.POSITIVE_INFINITY),
    // A smaller total also caps the single file, so that maxTotalBytes >= maxFileBytes still holds.
    maxFileBytes: Math.min(workspace.maxFileBytes, requested.maxFileBytes ?? Number.POSITIVE_INFINITY, maxTotalBytes),
    maxTotalBytes,
  };
}

export type BudgetDecision = { read: true } | { read: false; reason: 'too-large' | 'file-limit' | 'total-limit' };

/** What a budget has let through so far. */
export interface BudgetUsage {
  filesRead: number;
  bytesRead: number;
}

/**
 * A running budget over one scan. `decide(size)` answers for the next file by
 * its listed size; `record(bytes)` books a file that was read with the bytes it
 * really had (a file can grow between listing and reading). A file over the
 * per-file limit never uses up the budget; once maxFiles files are read every
 * later one is skipped; a file that would pass maxTotalBytes is skipped but a
 * smaller later one may still fit.
 */
export class ScanBudget {
  private files = 0;
  private bytes = 0;

  constructor(readonly limits: ScanLimits) {}

  decide(size: number): BudgetDecision {
    if (size > this.limits.maxFileBytes) return { read: false, reason: 'too-large' };
    if (this.files >= this.limits.maxFiles) return { read: false, reason: 'file-limit' };
    if (this.bytes + size > this.limits.maxTotalBytes) return { read: false, reason: 'total-limit' };
    return { read: true };
  }

  record(bytes: number): void {
    this.files += 1;
    this.bytes += bytes;
  }

  get usage(): BudgetUsage {
    return { filesRead: this.files, bytesRead: this.bytes };
  }
}
