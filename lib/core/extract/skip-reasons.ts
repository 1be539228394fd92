/**
 * Why a scan did not read a file into facts: one closed set, shared by server
 * scans, the driver and the command-line tool, so a skip means the same thing
 * wherever it was made (docs/extraction.md "Skip reasons").
 */
import { z } from 'zod';
import { storableText } from './storable-text';

export const skipReasons = [
  /** Left out by includePaths, excludePaths, excludeGlobs or a directory that is never entered. */
  'excluded',
  /** The path is absolute, climbs with `..`, holds NUL or is empty: never read, never named in a fact. */
  'invalid-path',
  /** A file that holds or may hold a secret, by name or by content. */
  'secret',
  /** Larger than import.maxFileBytes. */
  'too-large',
  /** import.maxFiles files were read already. */
  'file-limit',
  /** Reading it would pass import.maxTotalBytes. */
  'total-limit',
  /** Holds a NUL byte in its first 8000 bytes (git's rule for binary files). */
  'binary',
  /** Not valid UTF-8 text. */
  'not-utf8',
  /** Not a regular file, changed between listing and reading, or the read failed; also a directory that could not be listed. */
  'read-failure',
] as const;

export type SkipReason = (typeof skipReasons)[number];

export const skippedFileSchema = z.strictObject({
  path: storableText(1, 4096),
  reason: z.enum(skipReasons),
});

/** One file (or directory) a scan did not read into facts, and why. */
export type SkippedFile = z.infer<typeof skippedFileSchema>;
