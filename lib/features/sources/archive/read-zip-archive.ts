import yauzl from 'yauzl';
import { type ArchiveRefusalReason, ArchiveFormatError, ArchiveRefusedError, isArchiveError } from './archive-errors';
import { entryTaker, takeEntryBytes } from './entry-bytes';
import { EntryPathTracker } from './entry-path';
import { ExpansionBudget } from './expansion-budget';
import type { ArchiveEntry, TreeReadOptions } from './source-entry';

export interface ZipReadOptions extends TreeReadOptions {
  /** Strip one top folder common to every entry. */
  stripTopFolder?: boolean;
}

const unixCreator = 3;

/**
 * What a zip entry is to us, from its name and the Unix mode a Unix-made zip
 * keeps in the upper half of the external attributes (recipes.md: symlink =
 * `(attributes >>> 16) & 0o170000 === 0o120000`).
 */
function classifyZipEntry(entry: yauzl.Entry, name: string): 'file' | 'folder' | ArchiveRefusalReason {
  const madeOnUnix = entry.versionMadeBy >>> 8 === unixCreator;
  const mode = madeOnUnix ? (entry.externalFileAttributes >>> 16) & 0o170000 : 0;
  switch (mode) {
    case 0o120000:
      return 'symlink';
    case 0o020000:
    case 0o060000:
      return 'device';
    case 0o010000:
      return 'fifo';
    case 0o140000:
      return 'unsupported-type';
    case 0o040000:
      return 'folder';
  }
  if (name.endsWith('/')) return 'folder';
  if (mode !== 0 && mode !== 0o100000) return 'unsupported-type';
  if (entry.isEncrypted()) return 'encrypted';
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) return 'unsupported-compression';
  return 'file';
}

function asArchiveError(error: unknown, entryName: string | null): Error {
  if (isArchiveError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  // yauzl's own check that an entry inflates to exactly the size its headers declare.
  if (entryName !== null && /bytes in the stream/.test(message)) return new ArchiveRefusedError(entryName, 'size-mismatch');
  return new ArchiveFormatError(`The archive is not a readable zip file, or is cut short: ${message}`, { cause: error });
}

/**
 * Expands a zip file on disk (zip needs random access: a zip that arrives as
 * a stream is spooled first, see read-archive.ts) into its regular files, in
 * central-directory order, opening each entry only when it is read or discarded.
 *
 * The limit counts each entry's declared size as the entry is reached, and
 * yauzl checks while inflating that no entry yields more bytes than declared
 * (a header that understates refuses the archive as `size-mismatch` after at
 * most one chunk past the declared size). So the count is never less than the
 * bytes actually inflated.
 */
export async function* readZipFile(filePath: string, options: ZipReadOptions): AsyncGenerator<ArchiveEntry> {
  const budget = new ExpansionBudget(options.maxArchiveBytes);
  const paths = new EntryPathTracker(options.stripTopFolder ?? false);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: true });
  } catch (error) {
    throw asArchiveError(error, null);
  }
  try {
    const entries = zip.eachEntry();
    for (;;) {
      let next: IteratorResult<yauzl.Entry>;
      try {
        next = await entries.next();
      } catch (error) {
        throw asArchiveError(error, null);
      }
      if (next.done) break;
      const entry = next.value;
      // decodeStrings: false leaves the raw name, so we decode it without yauzl's
      // own name check (which stops the archive without naming the entry).
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileName as unknown as Buffer, entry.extraFields, true);
      const kind = classifyZipEntry(entry, name);
      if (kind !== 'file' && kind !== 'folder') throw new ArchiveRefusedError(name, kind);
      const path = paths.accept(name, kind);
      if (path === null) continue;
      budget.spend(entry.uncompressedSize);
      const size = entry.uncompressedSize;
      const taker = entryTaker((keep) =>
        zip
          .openReadStreamPromise(entry)
          .then((stream) => takeEntryBytes(stream, name, size, keep))
          .catch((error) => Promise.reject(asArchiveError(error, name))),
      );
      yield { path, size, read: taker.read, discard: taker.discard };
      // An entry not read is not inflated at all (zip has random access); one being taken is finished first.
      await taker.pending();
    }
  } finally {
    zip.close();
  }
}
