import type { FactEvidence, ScanFact } from './scan-fact';

/** One file offered to a scan: a directory walk, an expanded archive and a git host archive all give these. */
export interface ScanEntry {
  path: string;
  size: number;
  read(): Promise<Buffer>;
}

/** What a scan reads: the commit (when the source has one), the files, and what made the listing partial. */
export interface ScanInput {
  commitSha: string | null;
  entries: AsyncIterable<ScanEntry>;
  /** Parts that could not be listed (a folder that cannot be read); any makes the scan partial. */
  unlisted: string[];
  /** Frees what the input holds (a spooled archive), after the scan or on failure. */
  close(): Promise<void>;
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
}

export type { FactEvidence };
