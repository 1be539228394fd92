import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ArchiveFormatError, ArchiveTooLargeError } from './archive-errors';
import { type ArchiveFormat, archiveSniffLength, detectArchiveFormat } from './detect-archive-format';
import { readTarArchive } from './read-tar-archive';
import { readZipFile } from './read-zip-archive';
import type { ArchiveEntry, TreeReadOptions } from './source-entry';

/** Bytes of an archive as they arrive: a Node stream, a web stream (fetch), chunks, or all at once. */
export type ArchiveInput = Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Uint8Array;

export interface ReadArchiveOptions extends TreeReadOptions {
  /** Expected format; when left out it is detected from the first bytes. A mismatch is an ArchiveFormatError. */
  format?: ArchiveFormat;
  /** Strip the one top folder git hosts put around an archive (`owner-repo-sha/`). */
  stripTopFolder?: boolean;
  /** Where a zip that arrives as a stream is spooled; the system's temporary folder by default. */
  temporaryDirectory?: string;
}

async function* asChunks(input: ArchiveInput): AsyncGenerator<unknown> {
  if (input instanceof Uint8Array) yield input;
  else yield* input as AsyncIterable<unknown>;
}

async function* chunksOf(input: ArchiveInput): AsyncGenerator<Buffer> {
  for await (const chunk of asChunks(input)) {
    if (!(chunk instanceof Uint8Array)) throw new ArchiveFormatError('The archive stream gave something other than bytes.');
    yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

/** Reads just enough bytes to know the format, and gives back a stream of all the bytes. */
async function sniff(input: ArchiveInput): Promise<{ head: Buffer; all: AsyncGenerator<Buffer> }> {
  const source = chunksOf(input);
  const taken: Buffer[] = [];
  let length = 0;
  while (length < archiveSniffLength) {
    const next = await source.next();
    if (next.done) break;
    taken.push(next.value);
    length += next.value.length;
  }
  async function* all(): AsyncGenerator<Buffer> {
    try {
      yield* taken;
      yield* source;
    } finally {
      await source.return(undefined);
    }
  }
  return { head: Buffer.concat(taken, length), all: all() };
}

/** Writes the zip to a private temporary file, refusing it once the file itself passes the limit. */
async function spoolZip(chunks: AsyncIterable<Buffer>, folder: string, limitBytes: number): Promise<string> {
  const path = join(folder, 'archive.zip');
  const file = await open(path, 'wx', 0o600);
  try {
    let written = 0;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > limitBytes) throw new ArchiveTooLargeError(limitBytes);
      await file.write(chunk);
    }
  } finally {
    await file.close();
  }
  return path;
}

/**
 * Expands a tar, tar.gz or zip archive into its regular files, streaming,
 * with the limits and refusals of docs/hosts.md "Archives". A zip is spooled
 * to a temporary file first (zip needs random access; the file counts against
 * the same limit) and that file is deleted when iteration ends, however it ends.
 * An entry is held in memory only while `read()` takes it; `discard()` checks
 * one to its end keeping nothing, and a tar entry not read is drained.
 * Throws ArchiveTooLargeError, ArchiveRefusedError or ArchiveFormatError, and
 * passes on unchanged whatever the input stream itself fails with.
 *
 * @example
 * for await (const entry of readArchive(response.body, { maxArchiveBytes: 268435456, stripTopFolder: true })) {
 *   if (entry.size <= maxFileBytes) files.set(entry.path, await entry.read());
 * }
 */
export async function* readArchive(input: ArchiveInput, options: ReadArchiveOptions): AsyncGenerator<ArchiveEntry> {
  // The input's own failures (a download cut short) pass through unchanged.
  const sniffed = await sniff(input);
  const detected = detectArchiveFormat(sniffed.head);
  if (detected === null || (options.format !== undefined && options.format !== detected)) {
    await sniffed.all.return(undefined);
    const expected = options.format ?? 'tar, tar.gz or zip';
    throw new ArchiveFormatError(`The bytes are not a ${expected} archive${detected ? ` (they look like ${detected})` : ''}.`);
  }
  if (detected === 'zip') {
    const folder = await mkdtemp(join(options.temporaryDirectory ?? tmpdir(), 'svc-archive-'));
    try {
      const path = await spoolZip(sniffed.all, folder, options.maxArchiveBytes);
      yield* readZipFile(path, options);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    return;
  }
  yield* readTarArchive(Readable.from(sniffed.all, { objectMode: false }), { ...options, gzipped: detected === 'tar.gz' });
}
