/**
 * What a scan tells a person about how it read the repository
 * (docs/extraction.md "Diagnostics"): per extractor, the files it read and the
 * facts it made, with notes when a file gave less than it seems to hold; the
 * candidates left out of the model (a test project, a class library, a
 * monorepo root…) with the reason; and, when a scan made no fact, why. Carried
 * by server scans (stored on the scan, answered in its detail) and by `svc
 * scan` (printed, pushed).
 */
import type { Same } from '../../../contracts/schema-kit';
import { z } from 'zod';
import { maxDiagnosticEntries, type ScanDiagnostics } from '../../../contracts/scans';
import { storableText } from './storable-text';

export { maxDiagnosticEntries };
export type { ExtractorDiagnostics, LeftOutCandidate, ScanDiagnostics } from '../../../contracts/scans';

const line = storableText(1, 1000);

export const extractorDiagnosticsSchema = z.strictObject({
  /** The extractor's name (extractor-registry.ts). */
  extractor: storableText(1, 100),
  /** Files it read (files whose names it reads and that passed the clearance). */
  filesRead: z.int().min(0),
  /** Drafts and hints it found in them, before they were combined. */
  factsMade: z.int().min(0),
  /** What a person can act on: notes of its files with counts ("3 files: resource kind google_compute_network is not mapped"). */
  notes: z.array(line).max(maxDiagnosticEntries),
});

export const leftOutCandidateSchema = z.strictObject({
  /** The file that made it a candidate (a manifest, a compose file). */
  path: storableText(1, 4096),
  /** The name it would have had. */
  name: storableText(1, 200),
  /** Why it is not an element: `test project (Microsoft.NET.Test.Sdk)`, `class library: nothing deploys it`… */
  reason: line,
});

/**
 * The diagnostics as a push carries them, read with the stored-text rule; the answer's schema is the
 * contract's (contracts/scans.ts), of the same members.
 */
export const scanDiagnosticsSchema = z.strictObject({
  extractors: z.array(extractorDiagnosticsSchema).max(100),
  leftOut: z.array(leftOutCandidateSchema).max(maxDiagnosticEntries),
  /** Whole-scan notes: why a scan that read N files made no fact, candidates not shown past the limit. */
  notes: z.array(line).max(maxDiagnosticEntries),
});

const readsTheContract: Same<z.infer<typeof scanDiagnosticsSchema>, ScanDiagnostics> = true;
void readsTheContract;

export const emptyScanDiagnostics: ScanDiagnostics = Object.freeze({ extractors: [], leftOut: [], notes: [] }) as ScanDiagnostics;
