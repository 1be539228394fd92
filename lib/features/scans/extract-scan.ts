import { clearedText } from '../../core/extract/content-clearance';
import { extractFiles, type ScanEntry as ExtractEntry } from '../../core/extract/extract-files';
import { mayHoldFacts } from '../../core/extract/extractor-registry';
import type { ScanJob } from './run-scan';
import { scanFactOf } from './fact-of-extraction';
import type { ScanExtraction, ScanInput } from './scan-input';

/**
 * A file's text as the scan keeps it for its source windows: a NUL past the
 * first 8000 bytes (git's binary probe) leaves the file text, but PostgreSQL
 * cannot store U+0000, so it is kept as U+FFFD and the lines stay where they
 * are. Decoding UTF-8 makes no lone surrogate.
 */
function storableText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\ufffd') : text;
}

/**
 * Runs the extraction rules (lib/core/extract, the same code the `svc` CLI runs)
 * over a scan's input, under the limits and scope recorded on the scan.
 * Files that may hold facts are kept as text until the facts are known, so
 * the files that gave evidence can be shown later; the rest are dropped as
 * soon as they are read.
 */
export async function extractScan(scan: ScanJob, input: ScanInput, signal: AbortSignal, rootAppName?: string): Promise<ScanExtraction> {
  if (input.extraction) return input.extraction;
  const texts = new Map<string, string>();
  async function* entries(): AsyncGenerator<ExtractEntry> {
    for await (const entry of input.entries) {
      if (signal.aborted) throw new Error('cancelled');
      if ('failure' in entry) {
        yield entry;
        continue;
      }
      const keep = mayHoldFacts(entry.path);
      yield {
        path: entry.path,
        size: entry.size,
        read: async () => {
          const bytes = await entry.read();
          if (keep) texts.set(entry.path, storableText(clearedText(entry.path, Buffer.from(bytes).toString('utf8'))));
          return bytes;
        },
      };
    }
  }
  const result = await extractFiles(entries(), {
    scope: { includePaths: scan.request.includePaths, excludePaths: scan.request.excludePaths, excludeGlobs: scan.limits.excludeGlobs },
    limits: { maxFiles: scan.limits.maxFiles, maxFileBytes: scan.limits.maxFileBytes, maxTotalBytes: scan.limits.maxTotalBytes },
    rootAppName,
  });
  const facts = result.facts.map(scanFactOf);
  const evidencePaths = new Set(facts.flatMap((f) => f.evidence.map((e) => e.path)));
  const secretPaths = new Set(result.skipped.filter((s) => s.reason === 'secret').map((s) => s.path));
  const evidenceTexts = new Map<string, string>();
  for (const path of evidencePaths) {
    const text = texts.get(path);
    if (text !== undefined && !secretPaths.has(path)) evidenceTexts.set(path, text);
  }
  return {
    facts,
    skipped: result.skipped.map((s) => ({ path: s.path, reason: s.reason })),
    filesListed: result.filesListed,
    filesRead: result.filesRead,
    bytesRead: result.bytesRead,
    isComplete: result.isComplete,
    extractionGap: result.extractionGap,
    blobShas: new Map(Object.entries(result.blobShas)),
    evidenceTexts,
    diagnostics: result.diagnostics,
  };
}
