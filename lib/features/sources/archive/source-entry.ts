/**
 * One regular file of a source tree, as every tree reader yields it: an
 * expanded archive, a git host's tree, or a directory walk. Only regular files
 * appear; folders are implied by the paths.
 */
export interface SourceEntry {
  /** Path under the tree's root: `/`-separated, no empty, `.` or `..` segment, no leading `/`. */
  readonly path: string;
  /** Size in bytes; `read()` returns exactly this many (a mismatch refuses the archive). */
  readonly size: number;
  /**
   * The file's bytes. A streamed archive reads entries in order: call it before
   * asking for the next entry. An entry not read is skipped (its bytes still
   * count toward the archive's expanded size).
   */
  read(): Promise<Buffer>;
}

/** A file of an expanded archive: it can also be checked to its end without being kept. */
export interface ArchiveEntry extends SourceEntry {
  /**
   * Inflates the entry to its end and checks it as `read()` would (its size,
   * the expansion limit) chunk by chunk, keeping none of it: for a caller that
   * must know the archive is sound, not what it holds. After `read()` it waits
   * for that read; `read()` after it rejects.
   */
  discard(): Promise<void>;
}

/** The limits every tree reader enforces while it streams. */
export interface TreeReadOptions {
  /** Total expanded bytes allowed (`import.maxArchiveBytes`); past it the whole tree is refused. */
  maxArchiveBytes: number;
}
