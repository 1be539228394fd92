import type { ScanEntry } from '../../core/extract/extract-files';
import type { ScanDiagnostics } from '../../core/extract/scan-diagnostics';
import type { ScanFact } from './scan-fact';

export type { ScanEntry };

/** What a scan reads: the commit (when the source has one) and the files (a directory walk, an expanded archive). */
export interface ScanInput {
  commitSha: string | null;
  entries: AsyncIterable<ScanEntry>;
  /** Frees what the input holds (a spooled archive), after the scan or on failure. */
  close(): Promise<void>;
  /** Facts read without files (an APM account's measured calls): extraction is skipped. */
  extraction?: ScanExtraction;
}

/** What extraction made of a scan's input. */
export interface ScanExtraction {
  facts: ScanFact[];
  skipped: { path: string; reason: string }[];
  filesListed: number;
  filesRead: number;
  bytesRead: number;
  isComplete: boolean;
  extractionGap: string | null;
  /** Git blob SHA of each file read. */
  blobShas: ReadonlyMap<string, string>;
  /** Text of each file that gave evidence, for the source window. */
  evidenceTexts: ReadonlyMap<string, string>;
  /** What the extractors made of the files (docs/extraction.md "Diagnostics"); null when no extractor ran (measured calls, a trace file) or a push sent none. */
  diagnostics: ScanDiagnostics | null;
}
