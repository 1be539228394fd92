/** The archive formats the readers expand. */
export type ArchiveFormat = 'tar.gz' | 'tar' | 'zip';

/** Bytes needed to tell the formats apart (tar's `ustar` magic sits at offset 257). */
export const archiveSniffLength = 263;

/**
 * Tells the format from the first bytes: gzip `1f 8b` (taken as tar.gz, the
 * only gzip we read), zip `PK\x03\x04` (or `PK\x05\x06` for an empty zip),
 * tar by `ustar` at offset 257. Null when none matches.
 *
 * @example detectArchiveFormat(Buffer.from([0x1f, 0x8b, 8, 0])) // 'tar.gz'
 */
export function detectArchiveFormat(head: Uint8Array): ArchiveFormat | null {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))) return 'zip';
  if (head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return 'tar';
  return null;
}
