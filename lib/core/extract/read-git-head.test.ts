import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGitHead } from './read-git-head';

const shaA = 'a'.repeat(40);
const shaB = '0123456789abcdef0123456789abcdef01234567';
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'svc-git-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(path: string, text: string): Promise<void> {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
}

describe('readGitHead', () => {
  it('follows ref: to a loose ref, from the directory or its nearest parent', async () => {
    await put('.git/HEAD', 'ref: refs/heads/main\n');
    await put('.git/refs/heads/main', `${shaA}\n`);
    await mkdir(join(root, 'services', 'orders'), { recursive: true });
    expect(await readGitHead(join(root, 'services', 'orders'))).toEqual({ commitSha: shaA, ref: 'refs/heads/main', gitDirectory: join(root, '.git') });
  });

  it('reads packed-refs when the ref has no file, and a detached HEAD as the commit itself', async () => {
    await put('.git/HEAD', 'ref: refs/heads/release\n');
    await put('.git/packed-refs', `# pack-refs with: peeled fully-peeled sorted\n${shaA} refs/heads/main\n${shaB.toUpperCase()} refs/heads/release\n^${shaA}\n`);
    expect(await readGitHead(root)).toMatchObject({ commitSha: shaB, ref: 'refs/heads/release' });
    await put('.git/HEAD', `${shaA}\n`);
    expect(await readGitHead(root)).toMatchObject({ commitSha: shaA, ref: null });
  });

  it('understands a .git file of a worktree, with refs in the common directory', async () => {
    await put('main/.git/HEAD', 'ref: refs/heads/main\n');
    await put('main/.git/packed-refs', `${shaB} refs/heads/feature\n`);
    await put('main/.git/worktrees/feature/HEAD', 'ref: refs/heads/feature\n');
    await put('main/.git/worktrees/feature/commondir', '../..\n');
    await put('feature/.git', `gitdir: ${join(root, 'main/.git/worktrees/feature')}\n`);
    expect(await readGitHead(join(root, 'feature'))).toMatchObject({ commitSha: shaB, ref: 'refs/heads/feature' });
  });

  it('gives no commit on a branch without one, and nothing for a ref that would leave .git', async () => {
    await put('.git/HEAD', 'ref: refs/heads/new\n');
    expect(await readGitHead(root)).toMatchObject({ commitSha: null, ref: 'refs/heads/new' });
    await put('.git/HEAD', 'ref: refs/../../../etc/passwd\n');
    expect(await readGitHead(root)).toBeNull();
  });

  it('gives null outside any repository', async () => {
    expect(await readGitHead(root)).toBeNull();
  });
});
