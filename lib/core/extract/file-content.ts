/** What a scan learns from a file's bytes before any rule reads its text. */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';

/** Bytes looked at for NUL: git's own rule for telling binary files from text. */
export const binaryProbeBytes = 8000;

/** True when the first 8000 bytes hold a NUL byte. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, binaryProbeBytes).includes(0);
}

/** The text of UTF-8 bytes (a leading byte-order mark dropped), or null when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  if (!isUtf8(bytes)) return null;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

/** The git blob SHA-1 of the bytes (`blob <length>\0` then the bytes), as git would store the file. */
export function gitBlobSha(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\u0000`).update(bytes).digest('hex');
}
