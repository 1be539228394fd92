import type { SettingsDocument } from '../settings/settings-schema';

/** The import limits a scan runs under: the workspace's `import.*` settings when it was requested (part 2). */
export interface ScanLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  excludeGlobs: string[];
  maxArchiveBytes: number;
}

export function scanLimitsOf(settings: Pick<SettingsDocument, 'import'>): ScanLimits {
  const { maxFiles, maxFileBytes, maxTotalBytes, excludeGlobs, maxArchiveBytes } = settings.import;
  return { maxFiles, maxFileBytes, maxTotalBytes, excludeGlobs: [...excludeGlobs], maxArchiveBytes };
}

/** What was asked of a scan (StartSourceScanRequest / StartScanRequest), as stored. */
export interface ScanRequestRecord {
  repository: string | null;
  ref: string | null;
  includePaths: string[];
  excludePaths: string[];
  pullRequest: number | null;
  /** Set on a snapshot pushed by `svc scan`. */
  pushed?: true;
  /** The name of an uploaded trace file. */
  traceFile?: string;
}
