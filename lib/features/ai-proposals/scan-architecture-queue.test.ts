import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { partialSettingsSchema } from '../settings/settings-schema';
import { replaceWorkspaceSettings } from '../settings/settings-service';
import { readWorkspaceSettings } from '../settings/settings-store';
import { type CompletedScan, inferArchitectureFromScanTask, queueScanArchitectureIfRouted } from '../scans/scan-architecture-queue';

/**
 * The job of "Architecture from a scan" is added in the scan's completing transaction only while
 * `ai.taskRouting.inferArchitecture` names an enabled provider, only for a scan that found
 * elements and is not a pull request's, and once per scan. Real PostgreSQL, no worker running,
 * so a queued job stays visible.
 */
describe('queueScanArchitectureIfRouted', () => {
  let database: TestDatabase;
  let workspaceId: string;
  const providerId = '5c0a0000-0000-4000-8000-0000000000c1';

  async function saveOverrides(overrides: Record<string, unknown>) {
    const { version } = await readWorkspaceSettings(database.db, workspaceId);
    const context = { db: database.db, profile: 'local' as const, now: () => new Date(), resolveHost: async () => ['93.184.216.34'] };
    await replaceWorkspaceSettings(context, { workspaceId, expectedVersion: version, overrides: partialSettingsSchema.parse(overrides), actor: 'user:test' });
  }
  const completed = (extra: Partial<CompletedScan> = {}): CompletedScan => ({ scanId: randomUUID(), workspaceId, profile: 'local', pullRequest: null, hasElements: true, ...extra });
  const queue = (scan: CompletedScan) => database.db.transaction().execute((trx) => queueScanArchitectureIfRouted(trx, scan));
  async function jobsOf(scanId: string) {
    const rows = await sql<{ key: string | null; payload: unknown }>`select j.key, j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = ${inferArchitectureFromScanTask} and j.payload->>'scanId' = ${scanId}`.execute(database.db);
    return rows.rows;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    workspaceId = (await database.db.insertInto('workspaces').values({ name: 'Queue' }).returning('id').executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('adds no job while inferArchitecture is not routed, even with a provider routed for other tasks', async () => {
    await saveOverrides({ ai: { providers: [{ id: providerId, kind: 'openai', name: 'P', model: 'gpt-4o-mini', baseUrl: 'https://api.example.test/v1' }], taskRouting: { explain: providerId } } });
    const scan = completed();
    expect(await queue(scan)).toBe(false);
    expect(await jobsOf(scan.scanId)).toEqual([]);
  });

  it('adds one job per scan once routed; a pull request\'s scan and a scan without elements get none', async () => {
    await saveOverrides({ ai: { providers: [{ id: providerId, kind: 'openai', name: 'P', model: 'gpt-4o-mini', baseUrl: 'https://api.example.test/v1' }], taskRouting: { inferArchitecture: providerId } } });
    const scan = completed();
    expect(await queue(scan)).toBe(true);
    expect(await queue(scan)).toBe(true);
    expect(await jobsOf(scan.scanId)).toEqual([{ key: `infer-architecture:${scan.scanId}`, payload: { scanId: scan.scanId, deferrals: 0 } }]);

    for (const other of [completed({ pullRequest: 7 }), completed({ hasElements: false })]) {
      expect(await queue(other)).toBe(false);
      expect(await jobsOf(other.scanId)).toEqual([]);
    }
  });
});
