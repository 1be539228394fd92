import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from '../../lib/platform/db/embedded-postgres';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startService(overrides: Record<string, string> = {}, dataDirectory?: string): Promise<ServiceProcess> {
  const service = await startServiceProcess(overrides, { timeoutMs: 90_000, ...(dataDirectory ? { dataDirectory } : {}) });
  cleanups.push(() => (service.child.exitCode === null && service.child.signalCode === null ? service.stop('SIGINT') : Promise.resolve()));
  return service;
}

/** The embedded cluster's folder, as `<data>/pg.json` records it. */
async function clusterOf(dataDirectory: string): Promise<string> {
  const settings = JSON.parse(await readFile(join(dataDirectory, 'pg.json'), 'utf8')) as { cluster?: string };
  return settings.cluster ?? join(dataDirectory, 'pg');
}

async function killPostmaster(dataDirectory: string): Promise<number> {
  const pid = Number((await readFile(join(await clusterOf(dataDirectory), 'postmaster.pid'), 'utf8')).split('\n')[0]);
  process.kill(pid, 'SIGKILL');
  return pid;
}

async function expectDatabaseUnavailable(url: string): Promise<void> {
  // A backend of the killed server can answer one more query before it notices: wait for the first 503.
  let response = await fetch(`${url}/api/setup/status`);
  for (const deadline = Date.now() + 10_000; response.status !== 503 && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 50));
    response = await fetch(`${url}/api/setup/status`);
  }
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await response.json()).toEqual({
    type: 'database_unavailable',
    title: 'Database unavailable',
    detail: expect.stringMatching(/cannot reach its database.*again in 5 seconds/),
    status: 503,
    errors: [],
  });
  // The readiness check says so; liveness stays 200 (part 2: "database not asked; never 503").
  expect((await fetch(`${url}/health`)).status).toBe(503);
  const live = await fetch(`${url}/health/live`);
  expect(live.status).toBe(200);
  expect(await live.text()).toBe('Healthy');
}

async function waitForStatus(url: string, status: number, timeoutMs: number): Promise<number | undefined> {
  const deadline = Date.now() + timeoutMs;
  let last: number | undefined;
  while (Date.now() < deadline) {
    last = (await fetch(url).catch(() => undefined))?.status;
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  return last;
}

describe('the embedded database is kept running', () => {
  it('after its server is killed the API answers 503 with Retry-After, then the service restarts it and answers 200 again', { timeout: 120_000 }, async () => {
    const service = await startService();
    expect((await fetch(`${service.url}/api/setup/status`)).status).toBe(200);

    // Killed, and its folder away for a moment so that the first restarts fail: the outage lasts while the checks run.
    const cluster = await clusterOf(service.dataDirectory);
    await killPostmaster(service.dataDirectory);
    await rename(cluster, `${cluster}.away`);
    await expectDatabaseUnavailable(service.url);
    await rename(`${cluster}.away`, cluster);

    expect(await waitForStatus(`${service.url}/api/setup/status`, 200, 30_000)).toBe(200);
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
    expect(service.output()).toMatch(/embedded PostgreSQL \(process \d+\) ended unexpectedly \(signal SIGKILL\); restarting it/);
    // The server accepts connections a moment before the supervisor says so.
    await expect.poll(() => service.output(), { timeout: 10_000 }).toMatch(/embedded PostgreSQL restarted \(attempt [1-5] of 5\)/);

    // A second crash is handled the same way.
    await killPostmaster(service.dataDirectory);
    expect(await waitForStatus(`${service.url}/api/setup/status`, 200, 30_000)).toBe(200);
    expect(await service.stop('SIGTERM')).toBe(0);
  });

  it('when every restart fails the service exits non-zero, saying why', { timeout: 120_000 }, async () => {
    const service = await startService();
    const cluster = await clusterOf(service.dataDirectory);
    const exited = new Promise<number | null>((resolve) => service.child.once('exit', (code) => resolve(code)));
    await killPostmaster(service.dataDirectory);
    // The cluster's folder goes away: no restart can succeed.
    await rename(cluster, `${cluster}.moved`);
    await expectDatabaseUnavailable(service.url);

    expect(await exited).toBe(1);
    const output = service.output();
    expect(output.match(/restart attempt \d of 5 failed/g)).toHaveLength(5);
    expect(output).toMatch(/svc cannot continue: the embedded PostgreSQL ended and 5 restarts failed; the last: .*could not access directory/);
    await rm(`${cluster}.moved`, { recursive: true, force: true });
  });
});

describe('a database given by connection string', () => {
  let external: RunningEmbeddedPostgres | undefined;

  it('while it is down the API answers 503 with Retry-After; once it is back, 200', { timeout: 120_000 }, async () => {
    const folder = await temporaryDirectory('svc-external-pg-');
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const start = () => startEmbeddedPostgres({ directory: join(folder, 'pg'), database: 'svc', flags: ['-c', 'fsync=off'] });
    external = await start();
    cleanups.push(() => external!.stop());
    const { host, port, user, password } = external.connection;
    const service = await startService({ ConnectionStrings__DefaultConnection: `postgres://${user}:${encodeURIComponent(String(password))}@${host}:${port}/svc` });
    expect((await fetch(`${service.url}/api/setup/status`)).status).toBe(200);

    await external.stop();
    await expectDatabaseUnavailable(service.url);
    // Nothing restarts a server the service does not own: it stays up and keeps answering 503.
    await new Promise((r) => setTimeout(r, 1500));
    await expectDatabaseUnavailable(service.url);
    expect(service.child.exitCode).toBeNull();

    external = await start();
    expect(external.port).toBe(port);
    expect(await waitForStatus(`${service.url}/api/setup/status`, 200, 20_000)).toBe(200);
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
  });
});
