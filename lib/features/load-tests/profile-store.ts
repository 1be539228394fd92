import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, StressProfilesTable } from '../../platform/db/schema';
import type { StressProfile, StressProfileValues } from './stress-profile';

type Db = Kysely<Database> | Transaction<Database>;

function toProfile(row: Selectable<StressProfilesTable>): StressProfile {
  return {
    id: row.id,
    name: row.name,
    shape: row.shape,
    seed: row.seed,
    durationSeconds: row.duration_seconds,
    warmUpSeconds: row.warm_up_seconds,
    arrivalRatePerSecond: row.arrival_rate_per_second,
    peakRatePerSecond: row.peak_rate_per_second,
    virtualUsers: row.virtual_users,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listProfiles(db: Db, projectId: string): Promise<StressProfile[]> {
  const rows = await db.selectFrom('stress_profiles').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toProfile);
}

export async function findProfile(db: Db, projectId: string, profileId: string): Promise<StressProfile | undefined> {
  const row = await db.selectFrom('stress_profiles').selectAll().where('project_id', '=', projectId).where('id', '=', profileId).executeTakeFirst();
  return row ? toProfile(row) : undefined;
}

export async function insertProfile(db: Db, input: StressProfileValues & { id: string; projectId: string; actor: string; now: Date }): Promise<StressProfile> {
  const row = await db
    .insertInto('stress_profiles')
    .values({
      id: input.id,
      project_id: input.projectId,
      name: input.name,
      shape: input.shape,
      seed: input.seed,
      duration_seconds: input.durationSeconds,
      warm_up_seconds: input.warmUpSeconds,
      arrival_rate_per_second: input.arrivalRatePerSecond,
      peak_rate_per_second: input.peakRatePerSecond,
      virtual_users: input.virtualUsers,
      created_by: input.actor,
      created_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProfile(row);
}

/** Deletes a profile no script uses: 'deleted', 'absent', or 'in-use'. */
export async function deleteProfile(db: Kysely<Database>, projectId: string, profileId: string): Promise<'deleted' | 'absent' | 'in-use'> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('stress_profiles').select('id').where('project_id', '=', projectId).where('id', '=', profileId).forUpdate().executeTakeFirst();
    if (!row) return 'absent';
    const used = await trx.selectFrom('load_test_scripts').select('id').where('profile_id', '=', profileId).limit(1).executeTakeFirst();
    if (used) return 'in-use';
    await trx.deleteFrom('stress_profiles').where('id', '=', profileId).execute();
    return 'deleted';
  });
}
