import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { problemOf } from '../../platform/http/service-error-problem';
import { builtInPolicy } from './settings-schema';
import { readWorkspaceSettings, writeInstanceSettings } from './settings-store';
import { replaceWorkspaceSettings, type SettingsContext } from './settings-service';

/** A rejection as a client reads it: through the edge's one mapping of codes to statuses. */
function answered<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw problemOf(error) ?? error;
  });
}

describe('workspace save while the instance settings change', () => {
  let database: TestDatabase;
  let workspaceId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const closedPolicy = { ...builtInPolicy('local'), allowPrivateNetworkUrls: false };
    await writeInstanceSettings(database.db, { expectedVersion: 0, policy: closedPolicy, defaults: {}, now: new Date() });
    workspaceId = (await database.db.insertInto('workspaces').values({ name: 'W' }).returning('id').executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** A resolver during which an administrator saves the instance settings `changes` times. */
  function contextChangingInstance(changes: number): SettingsContext & { resolved: () => number } {
    let calls = 0;
    return {
      db: database.db,
      profile: 'local',
      now: () => new Date(),
      resolved: () => calls,
      resolveHost: async () => {
        calls += 1;
        if (calls <= changes) {
          const row = await database.db.selectFrom('instance_settings').select('version').executeTakeFirstOrThrow();
          await writeInstanceSettings(database.db, { expectedVersion: row.version, policy: { ...builtInPolicy('local'), allowPrivateNetworkUrls: false }, defaults: {}, now: new Date() });
        }
        return ['93.184.216.34'];
      },
    };
  }

  const overrides = { github: { apiBaseUrl: 'https://github.example.test/api/v3' } };

  it('checks again and saves when the instance settings changed fewer than three times', async () => {
    const context = contextChangingInstance(2);
    const view = await replaceWorkspaceSettings(context, { workspaceId, expectedVersion: 0, overrides, actor: 'user:test' });
    expect(view.version).toBe(1);
    expect(context.resolved()).toBe(3);
  });

  it('answers 409 after three changes in a row and saves nothing', async () => {
    const before = await readWorkspaceSettings(database.db, workspaceId);
    const context = contextChangingInstance(3);
    await expect(answered(replaceWorkspaceSettings(context, { workspaceId, expectedVersion: before.version, overrides: { github: { apiBaseUrl: 'https://other.example.test/api' } }, actor: 'user:test' }))).rejects.toMatchObject({ status: 409, type: 'conflict' });
    expect(await readWorkspaceSettings(database.db, workspaceId)).toEqual(before);
  });
});
