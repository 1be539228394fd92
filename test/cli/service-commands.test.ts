import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerCommand, serviceEnvironment, temporaryDirectory } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { copyBundle, openFolder, runCli } from './cli-runner';

/**
 * `svc health` and `svc keys forget` of the command-line tool are the
 * container's service commands (part 2 "Service commands"): the same code,
 * so the same answers and exit codes as `node dist/local/main.mjs …`. The
 * bundle runs alone in a folder with no node_modules, database driver included.
 */
describe('service commands through the svc command-line tool', () => {
  let folder: string;
  let bundle: string;
  let health: Server;
  let healthStatus = 200;
  let port: number;
  let database: TestDatabase;
  let dataDirectory: string;

  beforeAll(async () => {
    folder = await openFolder('svc-cli-service-');
    bundle = await copyBundle(folder);
    health = createServer((req, res) => {
      res.writeHead(req.url === '/health' ? healthStatus : 404).end();
    });
    await new Promise<void>((r) => health.listen(0, '127.0.0.1', r));
    port = (health.address() as AddressInfo).port;
    database = await createTestDatabase();
    dataDirectory = await temporaryDirectory('svc-cli-keys-');
  });

  afterAll(async () => {
    await new Promise((r) => health?.close(r));
    await database?.drop();
    for (const path of [folder, dataDirectory]) if (path) await rm(path, { recursive: true, force: true });
  });

  it('health: exit 0 on 200 and 1 otherwise, as the container entry point answers', async () => {
    for (const [status, code, word] of [
      [200, 0, 'healthy'],
      [503, 1, 'unhealthy (503)'],
    ] as const) {
      healthStatus = status;
      const env = { PORT: String(port) };
      const cli = await runCli(bundle, ['health'], { env });
      const container = await runServerCommand(['health'], serviceEnvironment(env));
      expect(cli).toMatchObject({ code, stdout: `${word}\n` });
      expect({ code: container.code, stdout: container.stdout }).toEqual({ code: cli.code, stdout: cli.stdout });
    }
  });

  it('keys: other arguments print the usage with exit 2; keys forget lists nothing to forget with exit 0', async () => {
    const usage = await runCli(bundle, ['keys', 'forget', '--force']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: svc keys forget [--yes]');
    const env = { ConnectionStrings__DefaultConnection: database.url, Svc__MasterKey: randomBytes(32).toString('base64'), Svc__DataDirectory: dataDirectory };
    const cli = await runCli(bundle, ['keys', 'forget'], { env });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('Nothing is stored under a master key other than the loaded ones');
    const container = await runServerCommand(['keys', 'forget'], serviceEnvironment(env));
    expect({ code: container.code, stdout: container.stdout }).toEqual({ code: cli.code, stdout: cli.stdout });
  });

  it('keys forget with a database that cannot be reached: the refusal in the service log format, exit 1', async () => {
    const env = { ConnectionStrings__DefaultConnection: 'postgres://nobody@127.0.0.1:1/none', Svc__MasterKey: randomBytes(32).toString('base64'), Svc__DataDirectory: dataDirectory };
    const cli = await runCli(bundle, ['keys', 'forget'], { env });
    expect(cli.code).toBe(1);
    expect(cli.stdout + cli.stderr).toContain('svc: cannot start: The database cannot be reached');
  });
});
