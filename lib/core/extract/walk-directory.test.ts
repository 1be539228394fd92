import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractFiles, type FileEntry, type ScanEntry } from './extract-files';
import { DirectoryWalkError, walkDirectory } from './walk-directory';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'svc-walk-'));
});

afterEach(async () => {
  await chmod(root, 0o700).catch(() => {});
  await rm(root, { recursive: true, force: true });
});

async function files(tree: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(tree)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

async function listing(directory = root): Promise<ScanEntry[]> {
  const entries: ScanEntry[] = [];
  for await (const entry of walkDirectory(directory)) entries.push(entry);
  return entries;
}

function described(entries: ScanEntry[]): string[] {
  return entries.map((entry) => ('failure' in entry ? `${entry.path} (${entry.failure})` : `${entry.path} ${entry.size}`));
}

/**
 * Runs `action` without root's right to read any folder: as root (our test
 * machines) the effective user becomes `nobody` for the call, else it runs as is.
 */
async function withoutPrivilege<T>(action: () => Promise<T>): Promise<T> {
  if (process.getuid?.() !== 0 || !process.seteuid || !process.setegid) return action();
  process.setegid(65534);
  process.seteuid(65534);
  try {
    return await action();
  } finally {
    process.seteuid(0);
    process.setegid(0);
  }
}

describe('walkDirectory', () => {
  it('lists regular files depth first in name order, follows no link and enters no build, .git or secret folder', async () => {
    await files({
      'b.txt': 'bb',
      'a/z.txt': 'z',
      'a/y.txt': 'yy',
      'node_modules/pkg/index.js': 'x',
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.ssh/id_rsa': 'k',
      'src/bin/tool': 't',
      'A.txt': 'A',
    });
    await symlink(join(root, 'b.txt'), join(root, 'link-to-file'));
    await symlink(join(root, 'a'), join(root, 'link-to-folder'));
    await symlink('/etc', join(root, 'outside'));
    expect(described(await listing())).toEqual(['A.txt 1', 'a/y.txt 2', 'a/z.txt 1', 'b.txt 2']);
  });

  it('lists a FIFO as not a regular file without opening it', async () => {
    await files({ 'Dockerfile': 'FROM node:20\n' });
    execFileSync('mkfifo', [join(root, 'pipe')]);
    const entries = await listing();
    expect(described(entries)).toEqual(['Dockerfile 13', 'pipe (not-a-regular-file)']);
    const result = await extractFiles(entries);
    expect(result).toMatchObject({ isComplete: true, skipped: [{ path: 'pipe', reason: 'read-failure' }], facts: [{ key: 'element:app:app' }] });
  });

  it('fails the read of a file that changed into a link, another file, or another size since the walk', async () => {
    await files({ 'a.txt': 'aaa', 'b.txt': 'bbb', 'c.txt': 'ccc', 'd.txt': 'ddd' });
    const entries = (await listing()) as FileEntry[];
    await rm(join(root, 'a.txt'));
    await symlink(join(root, 'd.txt'), join(root, 'a.txt'));
    await writeFile(join(root, 'other'), 'bbb');
    await rename(join(root, 'other'), join(root, 'b.txt'));
    await writeFile(join(root, 'c.txt'), 'cccc');
    await expect(entries[0]!.read()).rejects.toThrow();
    await expect(entries[1]!.read()).rejects.toThrow('changed into another file');
    await expect(entries[2]!.read()).rejects.toThrow('changed size');
    await expect(entries[3]!.read()).resolves.toEqual(Buffer.from('ddd'));
    const result = await extractFiles(entries);
    expect(result.skipped.map((skip) => `${skip.path} ${skip.reason}`)).toEqual(['a.txt read-failure', 'b.txt read-failure', 'c.txt read-failure']);
    expect(result.isComplete).toBe(false);
  });

  it('lists a directory it cannot read as such; the scan is then partial and names it', async () => {
    await files({ 'open/Dockerfile': 'FROM node:20\n', 'closed/Dockerfile': 'FROM python:3\n' });
    await chmod(root, 0o755);
    await chmod(join(root, 'open'), 0o755);
    await chmod(join(root, 'open', 'Dockerfile'), 0o644);
    await chmod(join(root, 'closed'), 0o000);
    const result = await withoutPrivilege(() => extractFiles(walkDirectory(root)));
    expect(result).toMatchObject({
      isComplete: false,
      extractionGap: '1 directory could not be listed: closed',
      skipped: [{ path: 'closed', reason: 'read-failure' }],
      facts: [{ key: 'element:app:open' }],
    });
  });

  it('refuses a root that is missing or not a directory', async () => {
    await expect(listing(join(root, 'missing'))).rejects.toBeInstanceOf(DirectoryWalkError);
    await files({ 'file.txt': 'x' });
    await expect(listing(join(root, 'file.txt'))).rejects.toThrow('is not a directory');
  });
});
