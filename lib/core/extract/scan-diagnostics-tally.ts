/**
 * Collects a scan's diagnostics while extract-files.ts reads it
 * (docs/extraction.md "Diagnostics"): per extractor the files it read, the
 * drafts and hints it found and its files' notes grouped with counts; the
 * files that may hold facts but were skipped as secrets (by name only); and,
 * at the end, the whole-scan notes that say why a scan made no fact. Memory
 * grows with the distinct notes, not with the files.
 */
import type { Extractor, FileFacts } from './file-facts';
import { baseNameOf } from './repository-paths';
import { maxDiagnosticEntries, type LeftOutCandidate, type ScanDiagnostics } from './scan-diagnostics';
import type { SkippedFile } from './skip-reasons';

/** Paths named with a grouped note or a count: enough to find the files, short enough to read. */
const pathsShown = 3;
const maxLineLength = 1000;

interface NoteTally {
  files: number;
  paths: string[];
}

interface ExtractorTally {
  extractor: string;
  filesRead: number;
  factsMade: number;
  notes: Map<string, NoteTally>;
  firstPath: string | null;
  /** The base name and extension all its files share so far; null once two differ. */
  baseName: string | null | undefined;
  extension: string | null | undefined;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function clip(text: string, length = maxLineLength): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

function named(paths: readonly string[], total: number): string {
  const more = total - paths.length;
  return more > 0 ? `${paths.join(', ')} and ${more} more` : paths.join(', ');
}

/** At most `maxDiagnosticEntries` lines, the last saying how many were left out. */
function capped(lines: string[], what: string): string[] {
  if (lines.length <= maxDiagnosticEntries) return lines;
  const kept = lines.slice(0, maxDiagnosticEntries - 1);
  return [...kept, `and ${plural(lines.length - kept.length, `more ${what}`, `more ${what}s`)} not shown`];
}

/** The first `count` paths in sorted order with `path` added: the same whatever order the files came in. */
function firstPaths(paths: readonly string[], path: string, count: number): string[] {
  return [...paths, path].sort().slice(0, count);
}

function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : null;
}

/** `111 .tf files`, `3 package.json files`, `5 files` when the files share neither name nor extension, or the one file's path. */
function filesOfFamily(tally: ExtractorTally): string {
  if (tally.filesRead === 1 && tally.firstPath !== null) return tally.firstPath;
  const family = tally.baseName ?? tally.extension ?? null;
  return family === null ? plural(tally.filesRead, 'file', 'files') : `${tally.filesRead.toLocaleString('en-US')} ${family} ${tally.filesRead === 1 ? 'file' : 'files'}`;
}

/** Most files first, then alphabetically: the note that explains the most comes first. */
function sortedNotes(notes: ReadonlyMap<string, NoteTally>): [string, NoteTally][] {
  return [...notes].sort(([a, x], [b, y]) => y.files - x.files || (a < b ? -1 : a > b ? 1 : 0));
}

function noteLine(note: string, tally: NoteTally): string {
  return clip(`${plural(tally.files, 'file', 'files')}: ${note} (${named(tally.paths, tally.files)})`);
}

/** Why an extractor that read files contributed nothing, in one sentence. */
function whyNothing(tally: ExtractorTally): string {
  const files = `${filesOfFamily(tally)} read (${tally.extractor})`;
  if (tally.factsMade > 0) return clip(`${files}: ${plural(tally.factsMade, 'draft or hint', 'drafts and hints')} found, none became a fact (nothing they name is an element)`);
  const notes = sortedNotes(tally.notes);
  if (notes.length === 0) return clip(`${files}: nothing in ${tally.filesRead === 1 ? 'it' : 'them'} this scanner maps`);
  // Every note names a kind no rule maps (`resource kind aws_vpc is not mapped`): say so once, with the kinds.
  const unmapped = notes.map(([note]) => /^(.+) (\S+) is not mapped$/.exec(note));
  const what = unmapped[0]?.[1];
  if (what !== undefined && unmapped.every((match) => match !== null && match[1] === what)) {
    const kinds = unmapped.map((match) => match![2]!).sort();
    return clip(`${files}: no ${what} this scanner maps (${kinds.slice(0, 8).join(', ')}${kinds.length > 8 ? `, and ${kinds.length - 8} more` : ''})`);
  }
  const reasons = notes.slice(0, 3).map(([note, noted]) => (noted.files === tally.filesRead ? note : `${note} (${plural(noted.files, 'file', 'files')})`));
  return clip(`${files}: ${reasons.join('; ')}${notes.length > 3 ? `; and ${plural(notes.length - 3, 'other note', 'other notes')}` : ''}`);
}

export class ScanDiagnosticsTally {
  private readonly tallies = new Map<Extractor, ExtractorTally>();
  private secretPaths: string[] = [];
  private secretCount = 0;

  constructor(rules: readonly Extractor[]) {
    for (const rule of rules) this.tallies.set(rule, { extractor: rule.name, filesRead: 0, factsMade: 0, notes: new Map(), firstPath: null, baseName: undefined, extension: undefined });
  }

  /** An extractor read a file; `found` is null when it failed on it (the file still counts as read). */
  fileRead(rule: Extractor, path: string, found: FileFacts | null): void {
    const tally = this.tallies.get(rule);
    if (!tally) return;
    tally.filesRead++;
    if (tally.firstPath === null || path < tally.firstPath) tally.firstPath = path;
    const name = baseNameOf(path);
    tally.baseName = tally.baseName === undefined || tally.baseName === name ? name : null;
    const extension = extensionOf(name);
    tally.extension = tally.extension === undefined || tally.extension === extension ? extension : null;
    if (found === null) return;
    tally.factsMade += found.facts.length + found.hints.length;
    // A note the file repeats counts once: the count is of files.
    for (const note of new Set(found.notes ?? [])) {
      const text = note.trim();
      if (text === '') continue;
      const noted = tally.notes.get(text);
      if (!noted) tally.notes.set(text, { files: 1, paths: [path] });
      else {
        noted.files++;
        noted.paths = firstPaths(noted.paths, path, pathsShown);
      }
    }
  }

  /** A file some extractor would have read was skipped as a secret: named, its content never. */
  secretSkipped(path: string): void {
    this.secretCount++;
    this.secretPaths = firstPaths(this.secretPaths, path, 5);
  }

  report(scan: { factCount: number; filesListed: number; filesRead: number; skipped: readonly SkippedFile[]; leftOut: readonly LeftOutCandidate[] }): ScanDiagnostics {
    const extractors = [...this.tallies.values()].map((tally) => ({
      extractor: tally.extractor,
      filesRead: tally.filesRead,
      factsMade: tally.factsMade,
      notes: capped(
        sortedNotes(tally.notes).map(([note, noted]) => noteLine(note, noted)),
        'note',
      ),
    }));
    const notes: string[] = [];
    if (scan.factCount === 0) notes.push(...this.whyNoFact(scan));
    if (this.secretCount > 0) {
      notes.push(clip(`${plural(this.secretCount, 'file that may hold facts was', 'files that may hold facts were')} skipped as secrets (by name or content; never read into facts): ${named(this.secretPaths, this.secretCount)}`));
    }
    const leftOut = scan.leftOut.slice(0, maxDiagnosticEntries).map((candidate) => ({ path: clip(candidate.path, 4096), name: clip(candidate.name, 200), reason: clip(candidate.reason) }));
    if (scan.leftOut.length > leftOut.length) notes.push(`${plural(scan.leftOut.length - leftOut.length, 'more candidate was', 'more candidates were')} left out than are listed`);
    return { extractors, leftOut, notes: capped(notes, 'note') };
  }

  private whyNoFact(scan: { filesListed: number; filesRead: number; skipped: readonly SkippedFile[] }): string[] {
    if (scan.filesListed === 0) return ['No file was listed: the folder is empty, or nothing in it could be listed'];
    const reading = [...this.tallies.values()].filter((tally) => tally.filesRead > 0);
    if (reading.length > 0) return reading.map(whyNothing);
    if (scan.filesRead > 0) {
      const besides = this.secretCount > 0 ? ' besides the secrets below' : '';
      return [`${plural(scan.filesRead, 'file', 'files')} read: no file this scanner reads${besides} (docs/extraction.md "Extractors" lists them)`];
    }
    const reasons = new Map<string, number>();
    for (const skip of scan.skipped) reasons.set(skip.reason, (reasons.get(skip.reason) ?? 0) + 1);
    const why = [...reasons].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([reason, count]) => `${count.toLocaleString('en-US')} ${reason}`);
    return [`${plural(scan.filesListed, 'file', 'files')} listed, none read${why.length > 0 ? ` (skipped: ${why.join(', ')})` : ''}`];
  }
}
