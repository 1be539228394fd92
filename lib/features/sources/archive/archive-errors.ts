/**
 * Typed failures of archive expansion. The archive readers throw nothing else:
 * a caller (scan job, upload handler) maps these to its own answer without
 * seeing zlib, tar or zip internals. Every one of them means the whole archive
 * was refused and nothing from it may be kept.
 */

/** The reasons an entry makes the whole archive refused. */
export const archiveRefusalReasons = [
  'path-traversal',
  'absolute-path',
  'drive-letter',
  'backslash',
  'control-character',
  'path-too-long',
  'duplicate-path',
  'outside-top-folder',
  'symlink',
  'hard-link',
  'device',
  'fifo',
  'unsupported-type',
  'encrypted',
  'unsupported-compression',
  'size-mismatch',
] as const;

export type ArchiveRefusalReason = (typeof archiveRefusalReasons)[number];

const reasonText: Record<ArchiveRefusalReason, string> = {
  'path-traversal': 'its path climbs out of the archive with ..',
  'absolute-path': 'its path is absolute',
  'drive-letter': 'its path starts with a drive letter',
  backslash: 'its path holds a backslash',
  'control-character': 'its path holds a control character or invalid Unicode',
  'path-too-long': 'its path is longer than 4096 characters',
  'duplicate-path': 'the archive holds this path twice',
  'outside-top-folder': 'it is not under the single top folder of the archive',
  symlink: 'it is a symbolic link',
  'hard-link': 'it is a hard link',
  device: 'it is a device file',
  fifo: 'it is a named pipe',
  'unsupported-type': 'its entry type is not a regular file or folder',
  encrypted: 'it is encrypted',
  'unsupported-compression': 'its compression method is not stored or deflate',
  'size-mismatch': 'its data does not match the size its header declares',
};

/** The base of every archive failure; `kind` tells them apart without instanceof chains. */
export abstract class ArchiveError extends Error {
  abstract readonly kind: 'too-large' | 'refused' | 'format';
}

/**
 * The archive expands past `import.maxArchiveBytes` (part 2 "Settings
 * document": "a larger archive is refused whole and nothing is stored"),
 * counted in bytes actually inflated, never the size an archive claims.
 */
export class ArchiveTooLargeError extends ArchiveError {
  override readonly name = 'ArchiveTooLargeError';
  readonly kind = 'too-large' as const;
  constructor(readonly limitBytes: number) {
    super(`The archive expands to more than ${limitBytes} bytes (import.maxArchiveBytes); it was refused whole and nothing was kept.`);
  }
}

/** One entry of the archive is not allowed; the whole archive is refused. */
export class ArchiveRefusedError extends ArchiveError {
  override readonly name = 'ArchiveRefusedError';
  readonly kind = 'refused' as const;
  constructor(
    readonly entryPath: string,
    readonly reason: ArchiveRefusalReason,
  ) {
    super(`The archive was refused whole: entry ${JSON.stringify(entryPath.slice(0, 300))} is not allowed because ${reasonText[reason]}.`);
  }
}

/** The bytes are not a tar, tar.gz or zip archive, or are corrupt or cut short. */
export class ArchiveFormatError extends ArchiveError {
  override readonly name = 'ArchiveFormatError';
  readonly kind = 'format' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** True for the errors the archive readers are allowed to throw. */
export function isArchiveError(error: unknown): error is ArchiveError {
  return error instanceof ArchiveError;
}
