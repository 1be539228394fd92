import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterKeyId } from '../../lib/platform/crypto/master-key';
import { call, sessionCookieOf, strongPassword } from '../support/http-client';
import { runServerCommand, serviceEnvironment, startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Master-key rotation end to end on the built server (part 2 "Environment",
 * "Errors", "Service commands"; docs/secrets.md): credentials saved under key
 * A stay readable with B and previous key A and move to B; B alone starts; C
 * alone is refused naming B and the row counts; `keys forget` lists them, with
 * --yes deletes them, and the service starts.
 */
const keyA = Buffer.alloc(32, 0xa1).toString('base64');
const keyB = Buffer.alloc(32, 0xb2).toString('base64');
const keyC = Buffer.alloc(32, 0xc3).toString('base64');
const idOf = (key: string) => masterKeyId(Buffer.from(key, 'base64'));
const setupToken = 'key-rotation-setup-token-0123';
const email = 'rotate@example.test';

describe('master key rotation', () => {
  let database: TestDatabase;
  let dataDirectory: string;
  let workspaceId: string;
  let running: ServiceProcess | undefined;

  const environment = (keys: { Svc__MasterKey: string; Svc__PreviousMasterKey?: string }) => ({
    ConnectionStrings__DefaultConnection: database.url,
    Svc__SetupToken: setupToken,
    ...keys,
  });

  async function start(keys: { Svc__MasterKey: string; Svc__PreviousMasterKey?: string }): Promise<ServiceProcess> {
    running = await startServiceProcess(environment(keys), { dataDirectory });
    return running;
  }

  async function stop(): Promise<void> {
    expect(await running!.stop()).toBe(0);
    running = undefined;
  }

  async function signIn(service: ServiceProcess): Promise<string> {
    const answer = await call(service.url, 'POST', '/api/auth/login', { json: { email, password: strongPassword } });
    expect(answer.status).toBe(200);
    return sessionCookieOf(answer).value;
  }

  async function statuses(service: ServiceProcess, session: string): Promise<Record<string, string>> {
    const answer = await call(service.url, 'GET', `/api/workspaces/${workspaceId}/secrets`, { session });
    expect(answer.status).toBe(200);
    return Object.fromEntries((answer.json.items as { name: string; status: string }[]).map((i) => [i.name, i.status]));
  }

  async function keyIdsOfRows(): Promise<string[]> {
    const rows = await database.db.selectFrom('workspace_secrets').select('master_key_id').orderBy('name').execute();
    return rows.map((r) => r.master_key_id);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDirectory = await temporaryDirectory();
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('stores credentials under key A', async () => {
    const service = await start({ Svc__MasterKey: keyA });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email, password: strongPassword, name: 'Rory Rotate' } });
    expect(setup.status).toBe(201);
    workspaceId = setup.json.workspace.id;
    const session = sessionCookieOf(setup).value;
    for (const [name, value] of [['github:token', 'ghp_RotationValue1'], ['gcp:apiKey', 'AIzaRotationValue2']]) {
      expect((await call(service.url, 'PUT', `/api/workspaces/${workspaceId}/secrets/${name}`, { session, json: { value } })).status).toBe(204);
    }
    expect(await keyIdsOfRows()).toEqual([idOf(keyA), idOf(keyA)]);
    await stop();
  });

  it('with key B and previous key A: the credentials stay readable and the job moves them to B', async () => {
    const service = await start({ Svc__MasterKey: keyB, Svc__PreviousMasterKey: keyA });
    const session = await signIn(service);
    const deadline = Date.now() + 15_000;
    while ((await keyIdsOfRows()).some((id) => id !== idOf(keyB)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await keyIdsOfRows()).toEqual([idOf(keyB), idOf(keyB)]);
    expect(await statuses(service, session)).toMatchObject({ 'github:token': 'ok', 'gcp:apiKey': 'ok' });

    const audit = await call(service.url, 'GET', '/api/instance/audit', { session });
    const entry = (audit.json.items as { action: string; detail: unknown }[]).find((e) => e.action === 'secrets.re-encrypt');
    expect(entry?.detail).toEqual({ rows: 2, fromKeyIds: [idOf(keyA)], toKeyId: idOf(keyB) });
    expect(service.output()).not.toContain('ghp_RotationValue1');
    await stop();
  });

  it('with key B alone: starts and reads the credentials', async () => {
    const service = await start({ Svc__MasterKey: keyB });
    expect(await statuses(service, await signIn(service))).toMatchObject({ 'github:token': 'ok', 'gcp:apiKey': 'ok' });
    await stop();
  });

  it('with key C alone: refuses to start, naming the missing key, its row counts and the loaded key', async () => {
    const refused = await startServiceProcess(environment({ Svc__MasterKey: keyC }), { dataDirectory }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toContain('not loaded');
    expect(refused).toContain(`${idOf(keyB)} (2 stored credentials)`);
    expect(refused).toContain(`Loaded keys: ${idOf(keyC)}`);
    expect(refused).toContain('svc keys forget');
  });

  it('keys forget lists the rows under the missing key (exit 1), --yes deletes them with an audit entry, and the service starts', async () => {
    const env = serviceEnvironment({ ...environment({ Svc__MasterKey: keyC }), Svc__DataDirectory: dataDirectory });
    const listed = await runServerCommand(['keys', 'forget'], env);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toContain(`stored credentials: 2 row(s) under master key ${idOf(keyB)}`);
    expect(listed.stdout).toContain(`credential gcp:apiKey of workspace ${workspaceId}`);
    expect(listed.stdout).toContain(`credential github:token of workspace ${workspaceId}`);
    expect(await keyIdsOfRows()).toHaveLength(2);

    const usage = await runServerCommand(['keys', 'forget', '--force'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: svc keys forget [--yes]');

    const forgotten = await runServerCommand(['keys', 'forget', '--yes'], env);
    expect(forgotten.code).toBe(0);
    expect(await keyIdsOfRows()).toEqual([]);
    expect((await runServerCommand(['keys', 'forget'], env)).code).toBe(0);

    const service = await start({ Svc__MasterKey: keyC });
    const session = await signIn(service);
    expect(await statuses(service, session)).toMatchObject({ 'github:token': 'not_set', 'gcp:apiKey': 'not_set' });
    const workspaceAudit = await call(service.url, 'GET', `/api/workspaces/${workspaceId}/audit`, { session });
    expect((workspaceAudit.json.items as { action: string; detail: unknown }[]).find((e) => e.action === 'secret.forget')).toMatchObject({
      actor: 'operator',
      detail: { names: ['gcp:apiKey', 'github:token'], masterKeyIds: [idOf(keyB)] },
    });
    const instanceAudit = await call(service.url, 'GET', '/api/instance/audit', { session });
    expect((instanceAudit.json.items as { action: string }[]).some((e) => e.action === 'keys.forget')).toBe(true);
    await stop();
  });
});
