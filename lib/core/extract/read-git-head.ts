/**
 * The commit a directory is checked out at, read from `.git/HEAD` as text
 * (part 2 Scan rules: "`.git/HEAD` is read as text (in the directory or the
 * nearest parent) for the commit, no git program runs"). Follows `ref:` to the
 * loose ref file or `packed-refs`; understands a `.git` file (`gitdir: …`) of a
 * worktree or submodule and its `commondir`.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export interface GitHead {
  /** 40 (SHA-1) or 64 (SHA-256) lower-case hex digits; null on a branch with no commit yet. */
  commitSha: string | null;
  /** `refs/heads/main`, or null for a detached HEAD. */
  ref: string | null;
  /** The git directory HEAD was read from. */
  gitDirectory: string;
}

const objectName = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

async function textOf(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/** The git directory of `folder` when it has a `.git` directory or a `.git` file naming one. */
async function gitDirectoryOf(folder: string): Promise<string | null> {
  const dotGit = join(folder, '.git');
  try {
    const info = await stat(dotGit);
    if (info.isDirectory()) return dotGit;
    if (!info.isFile()) return null;
  } catch {
    return null;
  }
  const pointer = /^gitdir:\s*(.+?)\s*$/m.exec((await textOf(dotGit)) ?? '');
  return pointer ? resolve(folder, pointer[1]!) : null;
}

/** A ref name HEAD may point at: under refs/, no `..`, no backslash or NUL (it becomes a file path). */
function isSafeRef(ref: string): boolean {
  return ref.startsWith('refs/') && !ref.split('/').includes('..') && !/[\\\u0000]/.test(ref);
}

async function resolveRef(gitDirectory: string, ref: string): Promise<string | null> {
  const common = (await textOf(join(gitDirectory, 'commondir')))?.trim();
  const directories = [gitDirectory, ...(common ? [resolve(gitDirectory, common)] : [])];
  for (const directory of directories) {
    const loose = (await textOf(join(directory, ref)))?.trim();
    if (loose && objectName.test(loose)) return loose.toLowerCase();
  }
  for (const directory of directories.reverse()) {
    for (const line of ((await textOf(join(directory, 'packed-refs'))) ?? '').split('\n')) {
      const [sha, name] = line.trim().split(/\s+/);
      if (name === ref && sha && objectName.test(sha)) return sha.toLowerCase();
    }
  }
  return null;
}

/**
 * The HEAD of the repository holding `directory` (the directory or its
 * nearest parent with `.git`), or null when none holds it or HEAD is unreadable.
 */
export async function readGitHead(directory: string): Promise<GitHead | null> {
  for (let folder = resolve(directory); ; folder = dirname(folder)) {
    const gitDirectory = await gitDirectoryOf(folder);
    if (gitDirectory !== null) {
      const head = (await textOf(join(gitDirectory, 'HEAD')))?.trim();
      if (head === undefined) return null;
      if (objectName.test(head)) return { commitSha: head.toLowerCase(), ref: null, gitDirectory };
      const symbolic = /^ref:\s*(\S+)$/.exec(head);
      if (!symbolic || !isSafeRef(symbolic[1]!)) return null;
      return { commitSha: await resolveRef(gitDirectory, symbolic[1]!), ref: symbolic[1]!, gitDirectory };
    }
    if (dirname(folder) === folder) return null;
  }
}
