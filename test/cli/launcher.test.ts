import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/service-process';

/**
 * The `svc` bin of package.json (docs/cli.md "Install"): `npx svc` from a
 * checkout runs the launcher cli/svc.mjs, which runs the built bundle, and in
 * a checkout that was not built yet says what to run instead of a stack trace.
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

  it('a checkout without the build: the launcher says to run npm run build, exit 2', async () => {
    await mkdir(join(folder, 'cli'));
    await copyFile(join(root, 'cli/svc.mjs'), join(folder, 'cli/svc.mjs'));
    const result = spawnSync(process.execPath, [join(folder, 'cli/svc.mjs'), '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not built yet: run `npm install && npm run build`');
  });
});
