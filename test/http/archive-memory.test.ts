import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTarGz, zeroFilledTarGz } from '../support/archive-builders';
import { call, expectProblem, sessionCookieOf, strongPassword, type CallOptions, type HttpAnswer } from '../support/http-client';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Tar.gz bombs over HTTP (issue 32 point 3; docs/hosts.md "Archives"): an
 * uploaded archive that inflates past `import.maxArchiveBytes` (256 MiB by
 * default) answers 413 and stores nothing, and the server's memory stays flat
 * while it is refused, one request or four at once. Two bombs of 1.2 GiB of
 * zeros, about 1.2 MB each as sent: one entry whose header alone declares more
 * than the limit, and five entries of 240 MiB, each under the limit, that pass
 * it together while they stream. The server runs in its own process, so its
 * resident set size is its own.
 */
const setupToken = 'archive-memory-test-setup-token';
const MiB = 1024 * 1024;
/** How far the server's RSS may move from where it started, at the peak and after. */
const allowedGrowth = 64 * MiB;

/** The resident set size of a process, from /proc (Linux). */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kib) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kib[1]) * 1024;
}

/** The bytes of a made-on-the-fly tar.gz: only the compressed form is held. */
async function compressed(files: { name: string; size: number }[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await zeroFilledTarGz(files)).stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('tar.gz bombs uploaded to an archive Source', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let owner: string;
  let projectId: string;
  let archiveSourceId: string;
  let oneHugeEntry: Buffer;
  let fiveLargeEntries: Buffer;

  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, { session: owner, ...options });
  const upload = (body: Buffer) => api('POST', `/api/projects/${projectId}/sources/${archiveSourceId}/archive`, { body, headers: { 'content-type': 'application/gzip' } });

  /** Runs the uploads at once and gives their answers with the highest RSS seen meanwhile (sampled every 10 ms). */
  async function whileSampled(uploads: () => Promise<HttpAnswer[]>): Promise<{ answers: HttpAnswer[]; peak: number }> {
    const pid = service.child.pid!;
    let peak = await residentBytes(pid);
    let running = true;
    const sampling = (async () => {
      while (running) {
        peak = Math.max(peak, await residentBytes(pid));
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    try {
      return { answers: await uploads(), peak };
    } finally {
      running = false;
      await sampling;
    }
  }

  async function expectRefusedFlat(label: string, uploads: () => Promise<HttpAnswer[]>): Promise<void> {
    const pid = service.child.pid!;
    const before = await residentBytes(pid);
    const started = Date.now();
    const { answers, peak } = await whileSampled(uploads);
    for (const answer of answers) {
      const problem = expectProblem(answer, 413, 'payload_too_large');
      expect(problem.detail).toMatch(/import\.maxArchiveBytes/);
    }
    const after = await residentBytes(pid);
    const report = `${label}: RSS ${Math.round(before / MiB)} MiB before, ${Math.round(peak / MiB)} MiB at the peak, ${Math.round(after / MiB)} MiB after, ${Date.now() - started} ms`;
    expect(peak - before, report).toBeLessThan(allowedGrowth);
    expect(after - before, report).toBeLessThan(allowedGrowth);
  }

  beforeAll(async () => {
    [oneHugeEntry, fiveLargeEntries] = [
      await compressed([{ name: 'zeros.bin', size: 1200 * MiB }]),
      await compressed(Array.from({ length: 5 }, (_, i) => ({ name: `zeros-${i}.bin`, size: 240 * MiB }))),
    ];
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    owner = sessionCookieOf(setup).value;
    projectId = (await api('POST', `/api/workspaces/${setup.json.workspace.id}/projects`, { json: { name: 'Bombs', description: '' } })).json.id;
    const source = await api('POST', `/api/projects/${projectId}/sources`, { json: { kind: 'archive', name: 'Uploads', repository: null } });
    expect(source.status, source.text).toBe(201);
    archiveSourceId = source.json.id;
    // The tar.gz path runs once before anything is measured, so loading its code is not counted.
    expectProblem(await upload(await buildTarGz([{ name: '../evil.txt', data: 'x' }])), 400);
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('are about 1.2 MB as sent and 1.2 GiB expanded', () => {
    for (const bomb of [oneHugeEntry, fiveLargeEntries]) {
      expect(bomb.length).toBeGreaterThan(1_000_000);
      expect(bomb.length).toBeLessThan(1_500_000);
    }
  });

  it('one entry of 1.2 GiB: 413, and the server RSS stays within 64 MB, for one request and for four at once', async () => {
    await expectRefusedFlat('one request', async () => [await upload(oneHugeEntry)]);
    await expectRefusedFlat('four at once', () => Promise.all(Array.from({ length: 4 }, () => upload(oneHugeEntry))));
  }, 60_000);

  it('five entries of 240 MiB, refused while they stream: 413, and the server RSS stays within 64 MB, for one request and for four at once', async () => {
    await expectRefusedFlat('one request', async () => [await upload(fiveLargeEntries)]);
    await expectRefusedFlat('four at once', () => Promise.all(Array.from({ length: 4 }, () => upload(fiveLargeEntries))));
  }, 120_000);

  it('stores nothing: no scan, no kept archive', async () => {
    expect((await api('GET', `/api/projects/${projectId}/imports?limit=200`)).json.items).toEqual([]);
    expect(await database.db.selectFrom('scans').select('id').where('project_id', '=', projectId).execute()).toEqual([]);
    expect(await database.db.selectFrom('scan_archives').select('scan_id').execute()).toEqual([]);
  });
});
