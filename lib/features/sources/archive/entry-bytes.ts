import { ArchiveRefusedError } from './archive-errors';

/**
 * Takes an entry's bytes as they stream and checks they come to `size`, the
 * size its header declares. With `keep` they are copied into one buffer of
 * that size; without it each chunk is dropped as it arrives, so an entry that
 * is only checked is never held, however large it is.
 * Throws ArchiveRefusedError `size-mismatch` the moment the count passes `size`, or when it ends short.
 */
export async function takeEntryBytes(chunks: AsyncIterable<Uint8Array>, entryName: string, size: number, keep: boolean): Promise<Buffer> {
  const bytes = keep ? Buffer.allocUnsafe(size) : null;
  let length = 0;
  for await (const chunk of chunks) {
    if (length + chunk.length > size) throw new ArchiveRefusedError(entryName, 'size-mismatch');
    bytes?.set(chunk, length);
    length += chunk.length;
  }
  if (length !== size) throw new ArchiveRefusedError(entryName, 'size-mismatch');
  return bytes ?? Buffer.alloc(0);
}

/** The `read()` and `discard()` of one archive entry, and the take under way. */
export interface EntryTaker {
  read(): Promise<Buffer>;
  discard(): Promise<void>;
  /** The take read() or discard() started, or null when neither was called. */
  pending(): Promise<unknown> | null;
}

/**
 * One take of an entry's bytes, whichever asks first: read() keeps them,
 * discard() only checks them. discard() after read() waits for the read;
 * read() after discard() rejects, since the bytes were not kept.
 */
export function entryTaker(take: (keep: boolean) => Promise<Buffer>): EntryTaker {
  let taking: { keep: boolean; bytes: Promise<Buffer> } | null = null;
  const start = (keep: boolean) => {
    if (taking === null) {
      taking = { keep, bytes: take(keep) };
      // Seen here too, so a take the caller drops (it stops iterating) is no unhandled rejection.
      taking.bytes.catch(() => undefined);
    }
    return taking;
  };
  return {
    read() {
      const started = start(true);
      return started.keep ? started.bytes : Promise.reject(new Error('The archive entry was discarded; its bytes were not kept.'));
    },
    async discard() {
      await start(false).bytes;
    },
    pending: () => taking?.bytes ?? null,
  };
}
