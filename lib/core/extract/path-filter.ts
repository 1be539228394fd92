/**
 * Which repository paths a scan reads: the path rules of part 2 "Command-line
 * tool" (Scan rules), which server scans share. A path is normalised first
 * (posix separators, no `./`, no `..`, not absolute, no NUL); then directories
 * that are never entered, the scope's includePaths and excludePaths (path
 * prefixes relative to the scanned root) and excludeGlobs (picomatch with
 * `dot: true`, so `**` also crosses dot-folders) decide. docs/extraction.md
 * "Paths".
 */
import picomatch from 'picomatch';

/** Build output and dependency folders: never entered (part 2 "Scan rules" names them). */
export const neverEnteredDirectories = ['node_modules', 'vendor', 'bin', 'obj', 'dist', '.git'] as const;

/**
 * Folders that hold credentials by convention ("secret directories such as
 * `.ssh`"): SSH and GnuPG keys, cloud command-line credentials, cluster and
 * registry logins, a password store.
 */
export const secretDirectories = ['.ssh', '.gnupg', '.aws', '.azure', '.gcloud', '.kube', '.docker', '.password-store'] as const;

/** Longest repository path read, in UTF-16 units (Linux PATH_MAX). */
export const maxPathLength = 4096;

const notEntered = new Set<string>([...neverEnteredDirectories, ...secretDirectories]);

/** True for a directory name a scan never enters (compared without case: a case-insensitive file system opens `Node_Modules` too). */
export function isNeverEnteredDirectory(name: string): boolean {
  return notEntered.has(name.toLowerCase());
}

export type NormalisedPath = { ok: true; path: string } | { ok: false; problem: string };

/**
 * The repository-relative posix form of a path (`./a//b/` → `a/b`), or why it
 * is refused. A backslash counts as a separator: an archive made on Windows
 * writes `a\b`, and `..\x` must not slip through as a name.
 */
export function normaliseRepositoryPath(raw: string): NormalisedPath {
  if (raw.includes('\u0000')) return { ok: false, problem: 'holds a NUL character' };
  const slashed = raw.replaceAll('\\', '/');
  if (slashed.startsWith('/')) return { ok: false, problem: 'is absolute' };
  const segments: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return { ok: false, problem: 'climbs out with ..' };
    segments.push(segment);
  }
  if (segments.length === 0) return { ok: false, problem: 'is empty' };
  // A drive letter first (`C:/x`, also after `./`) is a Windows absolute or drive-relative path.
  if (/^[A-Za-z]:/.test(segments[0]!)) return { ok: false, problem: 'is absolute' };
  const path = segments.join('/');
  if (path.length > maxPathLength) return { ok: false, problem: `is longer than ${maxPathLength} characters` };
  return { ok: true, path };
}

/** What a scan request or the command line gives to narrow a scan. */
export interface PathScope {
  /** Scan only under these paths; empty means the whole root. */
  includePaths: readonly string[];
  excludePaths: readonly string[];
  /** import.excludeGlobs plus any given by the request or `--exclude-glob`. */
  excludeGlobs: readonly string[];
}

export type PathDecision =
  | { include: true; path: string }
  | { include: false; reason: 'excluded' | 'invalid-path'; path: string; why: string };

/** A scope path or glob that cannot be used; `field` names it (`includePaths[0]`, `excludeGlobs[2]`). */
export class PathScopeError extends Error {
  override readonly name = 'PathScopeError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

function scopePrefixes(paths: readonly string[], field: string): string[] {
  return paths.map((raw, index) => {
    // `.` and `` name the root itself: every path is under it.
    if (raw.trim() === '' || raw.replaceAll('\\', '/').replace(/\/+$/, '') === '.') return '';
    const normalised = normaliseRepositoryPath(raw);
    if (!normalised.ok) throw new PathScopeError(`${field}[${index}]`, `the path ${normalised.problem}`);
    return normalised.path;
  });
}

function isUnder(path: string, prefix: string): boolean {
  return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
}

/** A printable stand-in for a refused path (control characters would break a log line and a JSON store). */
export function printablePath(raw: string): string {
  const printable = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd').slice(0, maxPathLength);
  return printable === '' ? '(empty path)' : printable;
}

/**
 * The path filter of one scan. Throws PathScopeError when a scope path is not
 * a repository path or a glob cannot be compiled.
 *
 * @example
 * const decide = createPathFilter({ includePaths: ['services'], excludePaths: [], excludeGlobs: ['**\/*.min.*'] });
 * decide('./services/orders/package.json'); // { include: true, path: 'services/orders/package.json' }
 */
export function createPathFilter(scope: PathScope): (rawPath: string) => PathDecision {
  const includes = scopePrefixes(scope.includePaths, 'includePaths');
  const excludes = scopePrefixes(scope.excludePaths, 'excludePaths');
  const globs = scope.excludeGlobs.map((glob, index) => {
    try {
      return picomatch(glob, { dot: true });
    } catch (error) {
      throw new PathScopeError(`excludeGlobs[${index}]`, `not a glob pattern (${(error as Error).message})`);
    }
  });
  return (rawPath) => {
    const normalised = normaliseRepositoryPath(rawPath);
    if (!normalised.ok) return { include: false, reason: 'invalid-path', path: printablePath(rawPath), why: `the path ${normalised.problem}` };
    const path = normalised.path;
    const folders = path.split('/').slice(0, -1);
    const blocked = folders.find(isNeverEnteredDirectory);
    if (blocked !== undefined) return { include: false, reason: 'excluded', path, why: `the directory ${blocked} is never entered` };
    if (includes.length > 0 && !includes.some((prefix) => isUnder(path, prefix))) return { include: false, reason: 'excluded', path, why: 'not under includePaths' };
    const excludedBy = excludes.find((prefix) => isUnder(path, prefix));
    if (excludedBy !== undefined) return { include: false, reason: 'excluded', path, why: `under the excluded path ${excludedBy === '' ? '.' : excludedBy}` };
    const globIndex = globs.findIndex((matches) => matches(path));
    if (globIndex >= 0) return { include: false, reason: 'excluded', path, why: `matches ${scope.excludeGlobs[globIndex]}` };
    return { include: true, path };
  };
}
