import { Migrator, sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { runMigrations as runWorkerMigrations } from 'graphile-worker';
import { migrations } from '../../../migrations/index';
import { StartupRefusalError } from '../config/startup-refusal';

const migrationTableName = 'svc_migration';
const migrationLockTableName = 'svc_migration_lock';

function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName,
    migrationLockTableName,
  });
}

/**
 * Applies pending migrations. Kysely holds a Postgres advisory lock while it
 * migrates, so with several instances starting one applies them and the others
 * wait, then find nothing to do. The job queue's own schema follows.
 */
export async function migrateDatabase(db: Kysely<any>, pool: pg.Pool): Promise<string[]> {
  await assertNotMigratedByNewerRelease(db);
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new StartupRefusalError(
      `Database migration ${failed ?? ''} failed: ${(error as Error).message}. ` +
        'Restore the backup taken before the upgrade and start the previous version, or fix the database and start again.',
      { cause: error },
    );
  }
  await runWorkerMigrations({ pgPool: pool });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations recorded in the database that this release does not have. */
export async function unknownMigrations(db: Kysely<any>): Promise<string[]> {
  const table = await sql<{ found: string | null }>`select to_regclass(${migrationTableName})::text as found`.execute(db);
  if (!table.rows[0]?.found) return [];
  const recorded = await sql<{ name: string }>`select name from ${sql.table(migrationTableName)} order by name`.execute(db);
  return recorded.rows.map((r) => r.name).filter((name) => !Object.hasOwn(migrations, name));
}

/**
 * An old version must not start on a database a newer release migrated
 * (part 2 "Versioning"), whether or not it would migrate at start.
 */
async function assertNotMigratedByNewerRelease(db: Kysely<any>): Promise<void> {
  const unknown = await unknownMigrations(db);
  if (unknown.length > 0) {
    throw new StartupRefusalError(
      `The database was migrated by a newer release of the service (migrations this release does not have: ${unknown.join(', ')}). ` +
        'Start that release or a newer one; to go back to this release, restore the backup taken before the upgrade.',
    );
  }
}

/** Names of the migrations this release has that the database lacks. */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await createMigrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * With `Database__MigrateOnStartup=false` the service starts only on an
 * up-to-date database; otherwise it refuses with DBX001 (part 2 "Errors").
 * A database migrated by a newer release is refused too: an old version must
 * not start on it.
 */
export async function assertDatabaseUpToDate(db: Kysely<any>): Promise<void> {
  await assertNotMigratedByNewerRelease(db);
  let pending: string[];
  try {
    pending = await pendingMigrations(db);
  } catch (error) {
    throw new StartupRefusalError(
      `The database was migrated by another release (${(error as Error).message}). Start the release that migrated it, or restore the backup.`,
      { cause: error },
    );
  }
  if (pending.length > 0) {
    throw new StartupRefusalError(
      `DBX001: the database is behind this release (pending migrations: ${pending.join(', ')}) and Database__MigrateOnStartup is false. ` +
        'Run the migrations (start once with Database__MigrateOnStartup=true, or run `svc migrate`), then start again.',
    );
  }
}
