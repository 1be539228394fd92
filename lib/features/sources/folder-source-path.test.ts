import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFolderSourcePath } from './folder-source-path';

describe('resolveFolderSourcePath', () => {
  let base: string;
  let root: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'svc-folder-'));
    root = join(base, 'root');
    await mkdir(join(root, 'shop', 'orders'), { recursive: true });
    await mkdir(join(base, 'outside'));
    await writeFile(join(root, 'file.txt'), 'x');
    await symlink(join(base, 'outside'), join(root, 'escape'));
    await symlink(join(root, 'shop'), join(root, 'alias'));
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it('a folder under the root, also through a link that stays inside', async () => {
    expect(await resolveFolderSourcePath(root, 'shop/orders')).toMatchObject({ ok: true });
    expect(await resolveFolderSourcePath(root, 'alias')).toMatchObject({ ok: true, folder: expect.stringMatching(/shop$/) });
    expect(await resolveFolderSourcePath(root, '.')).toMatchObject({ ok: true });
  });

  it('refuses absolute paths, .., links out of the root, files and missing folders', async () => {
    expect(await resolveFolderSourcePath(root, '/etc')).toEqual({ ok: false, message: 'must be relative to the sources root' });
    expect(await resolveFolderSourcePath(root, 'shop/../../outside')).toEqual({ ok: false, message: 'must not contain ..' });
    expect(await resolveFolderSourcePath(root, 'escape')).toEqual({ ok: false, message: 'leads out of the sources root' });
    expect(await resolveFolderSourcePath(root, 'file.txt')).toEqual({ ok: false, message: 'names no folder under the sources root' });
    expect(await resolveFolderSourcePath(root, 'nope')).toEqual({ ok: false, message: 'names no folder under the sources root' });
  });
});
