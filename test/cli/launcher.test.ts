import { spawnSync } from 'node:child_process';
import { cp, copyFile, mkdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/service-process';

/**
 * The `svc` bin of package.json (docs/cli.md "Install"): `npx svc` from a
 * checkout runs the launcher cli/svc.mjs, which runs the built bundle; in a
 * checkout that was installed but not built it builds the bundle first, and
 * without esbuild it says what to run instead of a stack trace.
 */
const root = resolve(import.meta.dirname, '../..');

describe('the svc bin', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await temporaryDirectory('svc-cli-launcher-');
  });

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('package.json names cli/svc.mjs as the bin svc, an executable node script', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ svc: 'cli/svc.mjs' });
    const launcher = join(root, 'cli/svc.mjs');
    expect((await readFile(launcher, 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect((await stat(launcher)).mode & 0o111).toBe(0o111);
  });

  it('npx svc --help in the checkout prints the usage; npx svc --version the version', () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    const help = spawnSync('npx', ['--offline', '--no-install', 'svc', '--help'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: svc scan <dir>... [flags]');
    expect(help.stdout).toContain('--exclude-glob GLOB');
    const version = spawnSync('npx', ['--offline', '--no-install', 'svc', '--version'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    expect(version.stdout).toMatch(/^svc \d+\.\d+\.\d+ \(extraction rules [0-9a-f]{16}\)\n$/);
  });

  it('a checkout that was installed but not built: the first run builds the bundle, then prints the usage', async () => {
    const checkout = join(folder, 'installed');
    await mkdir(checkout);
    for (const part of ['cli', 'contracts', 'lib', 'local', 'migrations', 'jobs', 'package.json']) await cp(join(root, part), join(checkout, part), { recursive: true });
    await symlink(join(root, 'node_modules'), join(checkout, 'node_modules'));
    const result = spawnSync(process.execPath, [join(checkout, 'cli/svc.mjs'), '--help'], { encoding: 'utf8', timeout: 120_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Usage: svc scan <dir>... [flags]');
    expect((await stat(join(checkout, 'dist/cli/svc.mjs'))).isFile()).toBe(true);
  }, 150_000);

  it('without esbuild and without the build: the launcher says what to run, exit 2', async () => {
    const bare = join(folder, 'bare');
    await mkdir(join(bare, 'cli'), { recursive: true });
    for (const file of ['svc.mjs', 'cli-bundle.mjs']) await copyFile(join(root, 'cli', file), join(bare, 'cli', file));
    const result = spawnSync(process.execPath, [join(bare, 'cli/svc.mjs'), '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not built yet: run `npm install && npm run build`');
  });
});
