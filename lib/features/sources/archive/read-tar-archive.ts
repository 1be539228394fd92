import { type Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { type ArchiveRefusalReason, ArchiveFormatError, ArchiveRefusedError, isArchiveError } from './archive-errors';
import { entryTaker, takeEntryBytes } from './entry-bytes';
import { EntryPathTracker } from './entry-path';
import { ExpansionBudget } from './expansion-budget';
import type { ArchiveEntry, TreeReadOptions } from './source-entry';

export interface TarReadOptions extends TreeReadOptions {
  /** The input is gzip-compressed (tar.gz). */
  gzipped: boolean;
  /** Strip the one top folder git hosts put around a tarball. */
  stripTopFolder?: boolean;
}

/** What a tar entry type is to us: a file to yield, a folder to pass over, or a refusal. */
function classifyTarEntry(type: string | null | undefined): 'file' | 'folder' | ArchiveRefusalReason {
  switch (type) {
    case 'file':
    case 'contiguous-file':
      return 'file';
    case 'directory':
      return 'folder';
    case 'symlink':
      return 'symlink';
    case 'link':
      return 'hard-link';
    case 'character-device':
    case 'block-device':
      return 'device';
    case 'fifo':
      return 'fifo';
    default:
      return 'unsupported-type';
  }
}

/** Our typed error for anything a stream throws (zlib, tar-stream, the input). */
function asArchiveError(error: unknown): Error {
  if (isArchiveError(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new ArchiveFormatError(`The archive is not a readable tar or tar.gz file, or is cut short: ${reason}`, { cause: error });
}

/**
 * Expands a tar or tar.gz stream into its regular files, in archive order.
 * The limit counts every byte of the inflated tar stream (entry headers of
 * 512 bytes included), so a gzip whose trailer or a tar whose entries
 * understate their size is still caught while streaming; an entry whose header
 * alone declares more than the limit is refused before any of it is inflated.
 * An entry is held only while `read()` takes it (in one buffer of its size);
 * one not read is drained chunk by chunk, each chunk counted and dropped, so
 * memory stays flat however much the archive inflates to. A pax global header
 * (`pax_global_header` of git archives) is read by tar-stream and never yielded.
 *
 * Refuses the whole archive (ArchiveRefusedError) on the first entry that is
 * a link, device, FIFO or other special type, or whose path is unsafe.
 */
export async function* readTarArchive(input: Readable, options: TarReadOptions): AsyncGenerator<ArchiveEntry> {
  const budget = new ExpansionBudget(options.maxArchiveBytes);
  const paths = new EntryPathTracker(options.stripTopFolder ?? false);
  const extract = tar.extract();
  const gunzip = options.gzipped ? createGunzip() : null;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        budget.spend(chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  // The input's own failures (a download cut short) pass through unchanged; the
  // rest (zlib, tar-stream, the limit) become our typed errors.
  let failure: { error: unknown; fromInput: boolean } | null = null;
  const fail = (fromInput: boolean) => (error: unknown) => {
    failure ??= { error, fromInput };
    extract.destroy(error as Error);
  };
  const toThrow = (error: unknown): unknown => (failure?.fromInput ? failure.error : asArchiveError(failure?.error ?? error));
  input.on('error', fail(true));
  counter.on('error', fail(false));
  if (gunzip) {
    gunzip.on('error', fail(false));
    input.pipe(gunzip).pipe(counter);
  } else {
    input.pipe(counter);
  }
  counter.pipe(extract);

  const entries = extract[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof entries.next>>;
      try {
        next = await entries.next();
      } catch (error) {
        throw toThrow(error);
      }
      if (next.done) break;
      const stream = next.value;
      const header = stream.header;
      const kind = classifyTarEntry(header.type);
      if (kind !== 'file' && kind !== 'folder') throw new ArchiveRefusedError(header.name, kind);
      const size = header.size ?? 0;
      // tar-stream gives a folder no bytes and never ends it when its header declares some.
      if (kind === 'folder' && size !== 0) throw new ArchiveRefusedError(header.name, 'size-mismatch');
      const path = paths.accept(header.name, kind);
      budget.refuseLargerThanLimit(size);
      // tar-stream's entry streams give Buffers (its typings say unknown).
      const bytes = stream as AsyncIterable<Uint8Array>;
      const take = (keep: boolean) => takeEntryBytes(bytes, header.name, size, keep).catch((error) => Promise.reject(toThrow(error)));
      if (path === null) {
        await take(false);
        continue;
      }
      const taker = entryTaker(take);
      yield { path, size, read: taker.read, discard: taker.discard };
      // The next header comes after this entry's bytes: drained here when the caller did not read them.
      await taker.discard();
    }
    if (failure) throw toThrow(null);
  } finally {
    input.destroy();
    gunzip?.destroy();
    counter.destroy();
    extract.destroy();
  }
}
