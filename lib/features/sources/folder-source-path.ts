import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The folder a `directory` Source reads: `path` is relative to
 * `Svc__SourcesRoot` and must stay inside it after every symbolic link is
 * resolved (a link out of the root is refused, not followed). Returns the
 * real path, or a message saying why the path is refused.
 */
export async function resolveFolderSourcePath(root: string, path: string): Promise<{ ok: true; folder: string } | { ok: false; message: string }> {
  if (path.includes('\0')) return { ok: false, message: 'must not contain NUL' };
  if (isAbsolute(path) || /^[A-Za-z]:[\\/]/.test(path)) return { ok: false, message: 'must be relative to the sources root' };
  if (path.split(/[\\/]/).includes('..')) return { ok: false, message: 'must not contain ..' };
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return { ok: false, message: 'the sources root cannot be read on the server' };
  }
  let folder: string;
  try {
    folder = await realpath(resolve(realRoot, path));
  } catch {
    return { ok: false, message: 'names no folder under the sources root' };
  }
  const inside = relative(realRoot, folder);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return { ok: false, message: 'leads out of the sources root' };
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) return { ok: false, message: 'names no folder under the sources root' };
  return { ok: true, folder };
}
