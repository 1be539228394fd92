import { hasControlCharacter, hasInvalidUnicode } from '../../../platform/text/text-rules';
import { type ArchiveRefusalReason, ArchiveRefusedError } from './archive-errors';

/** Longer paths are refused: no file system or git host we read holds them. */
export const maxEntryPathLength = 4096;

export type EntryPathCheck =
  /** A normal path, with `.` and empty segments removed. */
  | { kind: 'path'; path: string }
  /** The archive's root itself (`./`): nothing to yield. */
  | { kind: 'root' }
  | { kind: 'refused'; reason: ArchiveRefusalReason };

/**
 * Checks a path as an archive or host names it, before anything is read:
 * refuses what could land outside the tree (zip-slip: `..`, absolute paths,
 * drive letters, backslashes, which Windows reads as separators) and names
 * the service could not store (control characters, invalid Unicode).
 *
 * @example checkEntryPath('./src/a.ts') // { kind: 'path', path: 'src/a.ts' }
 * @example checkEntryPath('../etc/passwd') // { kind: 'refused', reason: 'path-traversal' }
 */
export function checkEntryPath(raw: string): EntryPathCheck {
  if (raw.length > maxEntryPathLength) return { kind: 'refused', reason: 'path-too-long' };
  if (raw.includes('\\')) return { kind: 'refused', reason: 'backslash' };
  if (hasControlCharacter(raw) || hasInvalidUnicode(raw)) return { kind: 'refused', reason: 'control-character' };
  if (raw.startsWith('/')) return { kind: 'refused', reason: 'absolute-path' };
  if (/^[A-Za-z]:/.test(raw)) return { kind: 'refused', reason: 'drive-letter' };
  const segments = raw.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return { kind: 'refused', reason: 'path-traversal' };
  if (segments.length === 0) return { kind: 'root' };
  return { kind: 'path', path: segments.join('/') };
}

/**
 * Turns checked paths into the paths a reader yields: refuses a path seen
 * twice (a later entry would silently replace an earlier one) and, when asked,
 * strips the one top folder git hosts put around a tarball (`owner-repo-sha/`).
 * The top folder is the first entry's first segment; an entry outside it
 * refuses the archive, since a stream cannot be read twice to find out first.
 */
export class EntryPathTracker {
  private readonly seen = new Set<string>();
  private topFolder: string | null = null;

  constructor(private readonly stripTopFolder: boolean) {}

  /** The path to yield for a file, or null for a folder entry (nothing to yield). Throws ArchiveRefusedError. */
  accept(rawPath: string, entryKind: 'file' | 'folder'): string | null {
    const check = checkEntryPath(rawPath);
    if (check.kind === 'refused') throw new ArchiveRefusedError(rawPath, check.reason);
    if (check.kind === 'root') {
      if (entryKind === 'file') throw new ArchiveRefusedError(rawPath, 'unsupported-type');
      return null;
    }
    let path = check.path;
    if (this.stripTopFolder) {
      const slash = path.indexOf('/');
      const first = slash === -1 ? path : path.slice(0, slash);
      this.topFolder ??= first;
      if (first !== this.topFolder) throw new ArchiveRefusedError(rawPath, 'outside-top-folder');
      if (slash === -1) {
        if (entryKind === 'file') throw new ArchiveRefusedError(rawPath, 'outside-top-folder');
        return null;
      }
      path = path.slice(slash + 1);
    }
    if (entryKind === 'folder') return null;
    if (this.seen.has(path)) throw new ArchiveRefusedError(rawPath, 'duplicate-path');
    this.seen.add(path);
    return path;
  }
}
