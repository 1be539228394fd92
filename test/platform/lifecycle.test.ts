import { existsSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeMasterKey, masterKeyId } from '../../lib/platform/crypto/master-key';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The embedded server's process ID, from the file PostgreSQL keeps while it runs. */
async function postmasterPid(dataDirectory: string): Promise<number> {
  return Number((await readFile(join(dataDirectory, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** A direct connection to the embedded database, with the settings the service keeps beside it. */
async function connectEmbedded(dataDirectory: string): Promise<pg.Client> {
  const settings = JSON.parse(await readFile(join(dataDirectory, 'pg.json'), 'utf8')) as { port: number; password: string };
  const client = new pg.Client({ host: '127.0.0.1', port: settings.port, user: 'postgres', password: settings.password, database: 'svc' });
  await client.connect();
  return client;
}

function setupCodeInLog(output: string): string | undefined {
  return /SVC SETUP CODE: (\S+)/.exec(output)?.[1];
}

describe('local profile without a connection string (embedded PostgreSQL in the data directory)', () => {
  let dataDirectory: string | undefined;
  let running: ServiceProcess | undefined;

  afterAll(async () => {
    if (running && running.child.exitCode === null) await running.stop('SIGINT');
    if (dataDirectory) await rm(dataDirectory, { recursive: true, force: true });
  });

  it('starts, stops on SIGINT with its database, and starts again on the same data', { timeout: 120_000 }, async () => {
    dataDirectory = await temporaryDirectory('svc-lifecycle-');

    // ---- first start: a new cluster, key and setup code ----
    running = await startServiceProcess({}, { dataDirectory, timeoutMs: 90_000 });
    const first = running;
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
    expect(first.output()).toContain('profile local');

    const keyFile = join(dataDirectory, 'master.key');
    const keyStats = await stat(keyFile);
    expect(keyStats.isFile()).toBe(true);
    expect(keyStats.mode & 0o777).toBe(0o600);
    const keyText = await readFile(keyFile, 'utf8');
    const key = decodeMasterKey(keyText);
    expect(key, `master.key holds ${JSON.stringify(keyText)}`).not.toBeNull();
    expect(key!.length).toBe(32);
    expect(keyText.trim()).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    const codeFile = join(dataDirectory, 'setup-code');
    const code = (await readFile(codeFile, 'utf8')).trim();
    expect(code.length).toBeGreaterThanOrEqual(16);
    expect((await stat(codeFile)).mode & 0o777).toBe(0o600);
    expect(setupCodeInLog(first.output())).toBe(code);
    const codeLines = first.output().split('\n').filter((l) => l.includes('SVC SETUP CODE:'));
    expect(codeLines).toHaveLength(1);

    // Data written now must be there after the restart.
    const pid = await postmasterPid(dataDirectory);
    expect(isAlive(pid)).toBe(true);
    const client = await connectEmbedded(dataDirectory);
    try {
      await client.query('insert into session_keys (master_key_id, ciphertext) values ($1, $2)', [masterKeyId(key!), Buffer.from('kept across restarts')]);
    } finally {
      await client.end();
    }

    // ---- SIGINT: ordered shutdown, database included ----
    expect(await first.stop('SIGINT')).toBe(0);
    expect(first.output()).toContain('stopped');
    expect(existsSync(join(dataDirectory, 'pg', 'postmaster.pid'))).toBe(false);
    expect(isAlive(pid)).toBe(false);

    // ---- second start on the same data directory ----
    running = await startServiceProcess({}, { dataDirectory, timeoutMs: 90_000 });
    const second = running;
    expect((await fetch(`${second.url}/health`)).status).toBe(200);
    // No new cluster, key or code: the same files are reused.
    expect(await readFile(keyFile, 'utf8')).toBe(keyText);
    expect((await readFile(codeFile, 'utf8')).trim()).toBe(code);
    expect(setupCodeInLog(second.output())).toBe(code);
    expect(second.output()).not.toMatch(/applied migrations/);
    const again = await connectEmbedded(dataDirectory);
    try {
      const rows = await again.query<{ master_key_id: string; ciphertext: Buffer }>('select master_key_id, ciphertext from session_keys');
      expect(rows.rows).toEqual([{ master_key_id: masterKeyId(key!), ciphertext: Buffer.from('kept across restarts') }]);
    } finally {
      await again.end();
    }

    const secondPid = await postmasterPid(dataDirectory);
    expect(await second.stop('SIGTERM')).toBe(0);
    expect(existsSync(join(dataDirectory, 'pg', 'postmaster.pid'))).toBe(false);
    expect(isAlive(secondPid)).toBe(false);
  });
});
