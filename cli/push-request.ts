/**
 * What `svc scan` exchanges with the service (part 2 "Sources": `GET
 * P/sources/push` and `POST P/sources/push`): the push settings it reads, the
 * AgentPushRequest body it builds from one extraction, and the 201 answer.
 */
import { z } from 'zod';
import type { ExtractedFact } from '../lib/core/extract/extracted-fact';
import type { ExtractionResult } from '../lib/core/extract/extract-files';
import type { PathScope } from '../lib/core/extract/path-filter';
import { extractionRulesVersion } from '../lib/core/extract/rules-version';
import type { ScanDiagnostics } from '../lib/core/extract/scan-diagnostics';
import { defaultScanLimits, type ScanLimits } from '../lib/core/extract/scan-limits';
import type { SkippedFile } from '../lib/core/extract/skip-reasons';
import { builtInSettings } from '../lib/features/settings/settings-schema';

/** Largest push body the service takes; the server's answer gives the figure it enforces. */
export const defaultMaxBodyBytes = 25_165_824;

/** Longest `extractionGap` the service takes: a gap naming long paths is cut to it. */
export const maxExtractionGapLength = 4000;

const limitsSchema = z.object({
  maxFiles: z.int().min(1),
  maxFileBytes: z.int().min(1),
  maxTotalBytes: z.int().min(1),
  excludeGlobs: z.array(z.string()),
});

/** The answer of `GET P/sources/push`: the server's extraction rules and the workspace's import limits. */
export const pushSettingsSchema = z.object({
  rulesVersion: z.string().min(1),
  factFormatVersion: z.number(),
  limits: limitsSchema,
  maxBodyBytes: z.int().min(1),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** The push settings a dry run uses without a server: this release's rules and the built-in import limits. */
export function builtInPushSettings(factFormatVersion: number): PushSettings {
  return {
    rulesVersion: extractionRulesVersion,
    factFormatVersion,
    limits: { ...defaultScanLimits, excludeGlobs: [...builtInSettings('local').import.excludeGlobs] },
    maxBodyBytes: defaultMaxBodyBytes,
  };
}

/** The answer of `POST P/sources/push` (201). */
export const pushResponseSchema = z.object({
  sourceId: z.string(),
  scanId: z.string(),
  snapshotId: z.string(),
  proposals: z.object({ add: z.number(), change: z.number(), remove: z.number() }).optional(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/** One file read into the push: its git blob SHA and size. */
export interface PushFile {
  path: string;
  blobSha: string;
  size: number;
}

/** The AgentPushRequest of part 2, every field present, and our `diagnostics` (docs/decisions.md). */
export interface AgentPushRequest {
  name: string;
  commitSha: string | null;
  rules: { name: 'extraction'; version: string }[];
  scope: { includePaths: string[]; excludePaths: string[]; excludeGlobs: string[]; limits: ScanLimits };
  files: PushFile[];
  skipped: SkippedFile[];
  facts: ExtractedFact[];
  isComplete: boolean;
  extractionGap: string | null;
  filesListed: number;
  /** What the extractors made of the files; optional for the service, always sent by `svc scan`. */
  diagnostics: ScanDiagnostics;
}

/** The push body of one extraction. `sizes` gives the bytes of each file read, by path. */
export function buildPushRequest(input: {
  name: string;
  commitSha: string | null;
  scope: PathScope;
  limits: ScanLimits;
  result: ExtractionResult;
  sizes: ReadonlyMap<string, number>;
}): AgentPushRequest {
  const { result } = input;
  return {
    name: input.name,
    commitSha: input.commitSha,
    rules: [{ name: 'extraction', version: extractionRulesVersion }],
    scope: {
      includePaths: [...input.scope.includePaths],
      excludePaths: [...input.scope.excludePaths],
      excludeGlobs: [...input.scope.excludeGlobs],
      limits: { maxFiles: input.limits.maxFiles, maxFileBytes: input.limits.maxFileBytes, maxTotalBytes: input.limits.maxTotalBytes },
    },
    // Files with a blob SHA: those read into the scan (secret, binary and non-UTF-8 files are left out).
    files: Object.entries(result.blobShas).map(([path, blobSha]) => ({ path, blobSha, size: input.sizes.get(path) ?? 0 })),
    skipped: result.skipped,
    facts: result.facts,
    isComplete: result.isComplete,
    extractionGap: result.extractionGap === null || result.extractionGap.length <= maxExtractionGapLength ? result.extractionGap : `${result.extractionGap.slice(0, maxExtractionGapLength - 1)}…`,
    filesListed: result.filesListed,
    diagnostics: result.diagnostics,
  };
}
