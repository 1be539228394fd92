/**
 * The scan driver shared by every way files arrive (a git archive, an
 * uploaded archive, a directory walk, `svc scan`): for each listed file the
 * path filter, the secret file names, the limits, one read, the binary and
 * UTF-8 checks, the content clearance, then every extractor that reads such a
 * file; at the end the facts of all files are combined. A file's bytes and
 * text are dropped once its extractors ran, so memory stays bounded by the
 * largest file plus the drafts found.
 */
import { combineFactsAndReport } from './combine-facts';
import { clearedText, findSecretInText, isSecretFileName } from './content-clearance';
import type { ExtractedFact } from './extracted-fact';
import { extractors as builtInExtractors, mayHoldFacts } from './extractor-registry';
import type { Extractor, FileFacts } from './file-facts';
import { decodeUtf8, gitBlobSha, isBinary } from './file-content';
import { createPathFilter, normaliseRepositoryPath, printablePath, type PathScope } from './path-filter';
import type { ScanDiagnostics } from './scan-diagnostics';
import { ScanDiagnosticsTally } from './scan-diagnostics-tally';
import { defaultScanLimits, ScanBudget, type ScanLimits } from './scan-limits';
import type { SkippedFile, SkipReason } from './skip-reasons';

/** A file as a source lists it; `read` gives its bytes (at most once per scan). */
export interface FileEntry {
  /** Relative to the scanned root; normalised by the driver. */
  path: string;
  /** Size as listed, in bytes; the limits are checked on it before reading and on the bytes after. */
  size: number;
  read(): Promise<Uint8Array>;
}

/** Something a source listed but could not offer as a file. */
export interface FailedEntry {
  path: string;
  /** `not-a-regular-file`: a FIFO, device or socket; `unlistable-directory`: its files are unknown, so the scan is partial. */
  failure: 'not-a-regular-file' | 'unlistable-directory';
}

export type ScanEntry = FileEntry | FailedEntry;

export interface ExtractOptions {
  /** includePaths, excludePaths and excludeGlobs (import.excludeGlobs plus any the request adds). Default: everything. */
  scope?: PathScope;
  /** Default: the built-in import limits. */
  limits?: ScanLimits;
  /** Name of the app built from the root folder when nothing names it (the Source's name). */
  rootAppName?: string;
  /** For tests: another extractor list. */
  extractors?: readonly Extractor[];
}

/** The outcome of one scan: what AgentPushRequest carries and a server scan stores. */
export interface ExtractionResult {
  /** Sorted by key. */
  facts: ExtractedFact[];
  /** Sorted by path. */
  skipped: SkippedFile[];
  /** Files the source listed (every file entry, read or not). */
  filesListed: number;
  filesRead: number;
  bytesRead: number;
  /** False when a limit, an unreadable file or an unlistable directory may have left facts out; no fact is then marked stale. */
  isComplete: boolean;
  /** Why the scan is partial, in words; null when complete. */
  extractionGap: string | null;
  /** Git blob SHA-1 of every file read into the scan (secrets, binary and non-UTF-8 files left out), by path, sorted. */
  blobShas: Record<string, string>;
  /** What a person can act on: per extractor files read, drafts found and notes; candidates left out; why nothing was found. */
  diagnostics: ScanDiagnostics;
}

const everything: PathScope = { includePaths: [], excludePaths: [], excludeGlobs: [] };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function listed(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).join(', ');
  return paths.length > 5 ? `${shown} and ${paths.length - 5} more` : shown;
}

function isFailedEntry(entry: ScanEntry): entry is FailedEntry {
  return 'failure' in entry;
}

/**
 * Runs the extraction rules over the files of one scan.
 *
 * @example
 * const result = await extractFiles(walkDirectory('/src/shop'), { rootAppName: 'shop' });
 */
export async function extractFiles(entries: AsyncIterable<ScanEntry> | Iterable<ScanEntry>, options: ExtractOptions = {}): Promise<ExtractionResult> {
  const decide = createPathFilter(options.scope ?? everything);
  const limits = options.limits ?? defaultScanLimits;
  const budget = new ScanBudget(limits);
  const rules = options.extractors ?? builtInExtractors;
  const skipped: SkippedFile[] = [];
  const fileFacts: FileFacts[] = [];
  const blobShas = new Map<string, string>();
  const seen = new Set<string>();
  const limitSkips: Record<'too-large' | 'file-limit' | 'total-limit', number> = { 'too-large': 0, 'file-limit': 0, 'total-limit': 0 };
  const unreadable: string[] = [];
  const unlistable: string[] = [];
  let filesListed = 0;
  const tally = new ScanDiagnosticsTally(rules);

  const skip = (path: string, reason: SkipReason) => skipped.push({ path, reason });
  const skipForLimit = (path: string, reason: 'too-large' | 'file-limit' | 'total-limit') => {
    skip(path, reason);
    // A skipped file no rule would read cannot hide facts: the scan stays complete.
    if (mayHoldFacts(path, rules)) limitSkips[reason]++;
  };

  for await (const entry of entries) {
    if (isFailedEntry(entry)) {
      const normalised = normaliseRepositoryPath(entry.path);
      const path = normalised.ok ? normalised.path : printablePath(entry.path);
      if (entry.failure === 'unlistable-directory') unlistable.push(path);
      else filesListed++;
      skip(path, 'read-failure');
      continue;
    }
    filesListed++;
    const decision = decide(entry.path);
    if (!decision.include) {
      skip(decision.path, decision.reason);
      continue;
    }
    const path = decision.path;
    // An archive can list one name twice; the first one is the file.
    if (seen.has(path)) {
      skip(path, 'invalid-path');
      continue;
    }
    seen.add(path);
    if (isSecretFileName(path)) {
      skip(path, 'secret');
      if (mayHoldFacts(path, rules)) tally.secretSkipped(path);
      continue;
    }
    const listedSize = Number.isFinite(entry.size) && entry.size > 0 ? entry.size : 0;
    const before = budget.decide(listedSize);
    if (!before.read) {
      skipForLimit(path, before.reason);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = await entry.read();
    } catch {
      skip(path, 'read-failure');
      unreadable.push(path);
      continue;
    }
    // The file may have grown since it was listed.
    const after = budget.decide(bytes.byteLength);
    if (!after.read) {
      skipForLimit(path, after.reason);
      continue;
    }
    budget.record(bytes.byteLength);
    if (isBinary(bytes)) {
      skip(path, 'binary');
      continue;
    }
    const decoded = decodeUtf8(bytes);
    if (decoded === null) {
      skip(path, 'not-utf8');
      continue;
    }
    // Content clearance runs before any extractor sees the text.
    const text = clearedText(path, decoded);
    if (findSecretInText(text) !== null) {
      skip(path, 'secret');
      if (mayHoldFacts(path, rules)) tally.secretSkipped(path);
      continue;
    }
    blobShas.set(path, gitBlobSha(bytes));
    for (const extractor of rules) {
      if (!extractor.mayRead(path)) continue;
      let found: FileFacts | null = null;
      try {
        found = extractor.extract(path, text);
        fileFacts.push(found);
      } catch {
        // An extractor never throws (the fuzz tests hold it to that); should one, the file gives no facts from it.
      }
      tally.fileRead(extractor, path, found);
    }
  }

  const gaps: string[] = [];
  if (limitSkips['too-large'] > 0) gaps.push(`${plural(limitSkips['too-large'], 'file', 'files')} that may hold facts larger than import.maxFileBytes (${limits.maxFileBytes} bytes)`);
  if (limitSkips['file-limit'] > 0) gaps.push(`${plural(limitSkips['file-limit'], 'file', 'files')} that may hold facts not read after import.maxFiles (${limits.maxFiles}) files`);
  if (limitSkips['total-limit'] > 0) gaps.push(`${plural(limitSkips['total-limit'], 'file', 'files')} that may hold facts not read within import.maxTotalBytes (${limits.maxTotalBytes} bytes)`);
  if (unreadable.length > 0) gaps.push(`${plural(unreadable.length, 'file', 'files')} could not be read: ${listed(unreadable)}`);
  if (unlistable.length > 0) gaps.push(`${plural(unlistable.length, 'directory', 'directories')} could not be listed: ${listed(unlistable)}`);

  const usage = budget.usage;
  const combined = combineFactsAndReport(fileFacts, { rootAppName: options.rootAppName });
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    facts: combined.facts,
    skipped,
    filesListed,
    filesRead: usage.filesRead,
    bytesRead: usage.bytesRead,
    isComplete: gaps.length === 0,
    extractionGap: gaps.length === 0 ? null : gaps.join('; '),
    blobShas: Object.fromEntries([...blobShas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    diagnostics: tally.report({ factCount: combined.facts.length, filesListed, filesRead: usage.filesRead, skipped, leftOut: combined.leftOut }),
  };
}
