/** Folder arithmetic on normalised repository paths (posix, relative, `''` is the root). */

/** The folder holding a path: `services/orders/package.json` → `services/orders`; a root file → `''`. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last part of a path. */
export function baseNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The folders from `folder` up to the root, nearest first: `a/b` → `a/b`, `a`, `''`. */
export function foldersUpward(folder: string): string[] {
  const result = [folder];
  for (let current = folder; current !== ''; ) {
    current = folderOf(current);
    result.push(current);
  }
  return result;
}

/**
 * A path relative to a folder as a repository path (`deploy` + `../services/orders`
 * → `services/orders`); null when it is absolute or climbs above the root.
 */
export function joinRepositoryPath(folder: string, relative: string): string | null {
  const slashed = relative.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed) || slashed.includes('\u0000') || /^[a-z][a-z0-9+.-]*:\/\//i.test(slashed)) return null;
  const parts = folder === '' ? [] : folder.split('/');
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else {
      parts.push(segment);
    }
  }
  return parts.join('/');
}
