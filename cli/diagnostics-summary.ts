/**
 * The diagnostics a dry run prints below its counts (docs/cli.md "Dry run"):
 * which extractors read files and what they found, why nothing was found, the
 * candidates left out of the model with the reason, and the extractors'
 * notes. Short by design (about 20 lines, "and N more" past that): the whole
 * record is in the `--payload` file and, once pushed, in the scan detail.
 */
import type { ScanDiagnostics } from '../lib/core/extract/scan-diagnostics';

/** Lines of each part shown before "and N more". */
const shown = { notes: 4, leftOut: 10, extractorNotes: 4 } as const;

const number = (n: number) => n.toLocaleString('en-US');

function part(items: readonly string[], limit: number, more: (count: number) => string): string[] {
  const lines = items.slice(0, limit);
  if (items.length > limit) lines.push(more(items.length - limit));
  return lines;
}

/**
 * The summary's lines, each indented by two spaces and ending with a line break.
 *
 * @example
 * diagnosticsSummary(result.diagnostics) // ['  read: dockerfile 3 files, 3 found; terraform 2 files, 0 found\n', …]
 */
export function diagnosticsSummary(diagnostics: ScanDiagnostics): string[] {
  const reading = diagnostics.extractors.filter((entry) => entry.filesRead > 0);
  const read = reading.length === 0 ? 'no extractor read a file' : reading.map((entry) => `${entry.extractor} ${number(entry.filesRead)} ${entry.filesRead === 1 ? 'file' : 'files'}, ${number(entry.factsMade)} found`).join('; ');
  const extractorNotes = diagnostics.extractors.flatMap((entry) => entry.notes.map((note) => `${entry.extractor}: ${note}`));
  const lines = [
    `read: ${read}`,
    ...part(
      diagnostics.notes.map((note) => `note: ${note}`),
      shown.notes,
      (n) => `and ${number(n)} more ${n === 1 ? 'note' : 'notes'}`,
    ),
    ...part(
      diagnostics.leftOut.map((candidate) => `left out: ${candidate.name} (${candidate.path}): ${candidate.reason}`),
      shown.leftOut,
      (n) => `and ${number(n)} more left out`,
    ),
    ...part(extractorNotes, shown.extractorNotes, (n) => `and ${number(n)} more extractor ${n === 1 ? 'note' : 'notes'} (all of them are in the --payload file)`),
  ];
  return lines.map((line) => `  ${line}\n`);
}
