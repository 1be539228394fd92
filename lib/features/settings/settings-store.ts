import { sql, type Kysely, type Transaction } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import { builtInPolicy, type InstancePolicy, type PartialSettings } from './settings-schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Instance settings as stored; version 0 and the profile's built-in policy while never saved. */
export interface StoredInstanceSettings {
  policy: InstancePolicy;
  defaults: PartialSettings;
  version: number;
}

export interface StoredWorkspaceSettings {
  overrides: PartialSettings;
  version: number;
}

/** The instance settings row, or the built-ins of the profile when none was saved. */
export async function readInstanceSettings(db: Db, profile: Profile, options: { lock?: boolean } = {}): Promise<StoredInstanceSettings> {
  let query = db.selectFrom('instance_settings').select(['policy', 'defaults', 'version']).where('id', '=', true);
  if (options.lock) query = query.forShare();
  const row = await query.executeTakeFirst();
  if (!row) return { policy: builtInPolicy(profile), defaults: {}, version: 0 };
  return { policy: row.policy as InstancePolicy, defaults: row.defaults as PartialSettings, version: row.version };
}

/** A workspace's overrides; empty at version 0 while never saved. */
export async function readWorkspaceSettings(db: Db, workspaceId: string): Promise<StoredWorkspaceSettings> {
  const row = await db.selectFrom('workspace_settings').select(['overrides', 'version']).where('workspace_id', '=', workspaceId).executeTakeFirst();
  return row ? { overrides: row.overrides as PartialSettings, version: row.version } : { overrides: {}, version: 0 };
}

/** Every workspace that saved overrides, with its name. */
export async function listWorkspaceOverrides(db: Db): Promise<{ workspaceId: string; name: string; overrides: PartialSettings }[]> {
  const rows = await db
    .selectFrom('workspace_settings')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_settings.workspace_id')
    .select(['workspace_settings.workspace_id', 'workspaces.name', 'workspace_settings.overrides'])
    .orderBy('workspaces.name')
    .orderBy('workspace_settings.workspace_id')
    .execute();
  return rows.map((row) => ({ workspaceId: row.workspace_id, name: row.name, overrides: row.overrides as PartialSettings }));
}

/**
 * Stores the instance settings when the stored version is `expectedVersion`;
 * returns the new version, or null when another save came first (nothing saved).
 */
export async function writeInstanceSettings(db: Db, input: { expectedVersion: number; policy: InstancePolicy; defaults: PartialSettings; now: Date }): Promise<number | null> {
  const values = { policy: JSON.stringify(input.policy), defaults: JSON.stringify(input.defaults), updated_at: input.now };
  if (input.expectedVersion === 0) {
    const inserted = await db.insertInto('instance_settings').values({ id: true, version: 1, ...values }).onConflict((oc) => oc.doNothing()).returning('version').executeTakeFirst();
    return inserted?.version ?? null;
  }
  const updated = await db
    .updateTable('instance_settings')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', true)
    .where('version', '=', input.expectedVersion)
    .returning('version')
    .executeTakeFirst();
  return updated?.version ?? null;
}

/** As writeInstanceSettings, for a workspace's overrides. */
export async function writeWorkspaceSettings(db: Db, input: { workspaceId: string; expectedVersion: number; overrides: PartialSettings; now: Date }): Promise<number | null> {
  const values = { overrides: JSON.stringify(input.overrides), updated_at: input.now };
  if (input.expectedVersion === 0) {
    const inserted = await db
      .insertInto('workspace_settings')
      .values({ workspace_id: input.workspaceId, version: 1, ...values })
      .onConflict((oc) => oc.column('workspace_id').doNothing())
      .returning('version')
      .executeTakeFirst();
    return inserted?.version ?? null;
  }
  const updated = await db
    .updateTable('workspace_settings')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('workspace_id', '=', input.workspaceId)
    .where('version', '=', input.expectedVersion)
    .returning('version')
    .executeTakeFirst();
  return updated?.version ?? null;
}
