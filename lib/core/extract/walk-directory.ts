/**
 * The directory walk of `svc scan` (part 2 "Command-line tool", Scan rules),
 * also used by server scans of a `directory` Source: every regular file under
 * the directory, in a stable order (names sorted by UTF-16 code units, depth
 * first), as scan entries for extract-files.ts. Symbolic links are not
 * followed (nor listed); directories never entered (path-filter.ts) are
 * skipped; a FIFO, device or socket is listed as not a regular file; a file
 * that changed into another file, a link or something else between the walk
 * and the read (lstat before, fstat after opening, compared by device and
 * inode, and the size) fails its read; a directory that cannot be listed is
 * listed as such, which makes the scan partial. File I/O only: no network, no
 * database, no git program.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FailedEntry, FileEntry, ScanEntry } from './extract-files';
import { isNeverEnteredDirectory } from './path-filter';

/** The root of a walk is missing, not a directory, or cannot be listed (`svc scan` exits 2 or 1). */
export class DirectoryWalkError extends Error {
  override readonly name = 'DirectoryWalkError';
  constructor(
    readonly directory: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A file that is no longer the one the walk listed. */
export class FileChangedError extends Error {
  override readonly name = 'FileChangedError';
}

// O_NOFOLLOW refuses a file swapped for a link; O_NONBLOCK keeps a file swapped for a FIFO from hanging the open.
const openFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The bytes of the file the walk listed, or a rejection when it changed since. */
async function readListedFile(absolute: string, listed: Stats): Promise<Buffer> {
  const handle = await open(absolute, openFlags);
  try {
    const opened = await handle.stat();
    if (!opened.isFile() || opened.dev !== listed.dev || opened.ino !== listed.ino) throw new FileChangedError(`${absolute} changed into another file between listing and reading`);
    // One byte more than listed tells a file that grew.
    const buffer = Buffer.alloc(listed.size + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled !== listed.size) throw new FileChangedError(`${absolute} changed size between listing and reading`);
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

async function* walkFolder(absolute: string, relative: string): AsyncGenerator<ScanEntry> {
  let names: string[];
  try {
    names = await readdir(absolute);
  } catch (error) {
    if (relative === '') throw new DirectoryWalkError(absolute, `cannot list ${absolute}: ${(error as Error).message}`, { cause: error });
    yield { path: relative, failure: 'unlistable-directory' } satisfies FailedEntry;
    return;
  }
  names.sort();
  for (const name of names) {
    const childAbsolute = join(absolute, name);
    const childRelative = relative === '' ? name : `${relative}/${name}`;
    let info: Stats;
    try {
      info = await lstat(childAbsolute);
    } catch {
      // Gone since the listing: it is no longer part of the directory.
      continue;
    }
    if (info.isSymbolicLink()) continue;
    if (info.isDirectory()) {
      if (!isNeverEnteredDirectory(name)) yield* walkFolder(childAbsolute, childRelative);
    } else if (info.isFile()) {
      yield { path: childRelative, size: info.size, read: () => readListedFile(childAbsolute, info) } satisfies FileEntry;
    } else {
      yield { path: childRelative, failure: 'not-a-regular-file' } satisfies FailedEntry;
    }
  }
}

/**
 * The scan entries of a directory. Throws DirectoryWalkError (on first
 * iteration) when the directory is missing, not a directory, or cannot be listed.
 *
 * @example
 * const result = await extractFiles(walkDirectory('./shop'), { rootAppName: 'shop' });
 */
export async function* walkDirectory(directory: string): AsyncGenerator<ScanEntry> {
  let info: Stats;
  try {
    info = await lstat(directory);
  } catch (error) {
    throw new DirectoryWalkError(directory, `${directory} does not exist or cannot be read: ${(error as Error).message}`, { cause: error });
  }
  if (!info.isDirectory()) throw new DirectoryWalkError(directory, `${directory} is not a directory`);
  yield* walkFolder(directory, '');
}
