import { join } from 'node:path';
import { sql } from 'kysely';
import type { ServiceConfig } from '../lib/platform/config/service-config';
import { StartupRefusalError } from '../lib/platform/config/startup-refusal';
import { describeConnection } from '../lib/platform/config/connection-string';
import { startEmbeddedPostgres } from '../lib/platform/db/embedded-postgres';
import { openDatabase, poolErrorLogger, type DatabaseHandle } from '../lib/platform/db/open-database';
import type { Logger } from '../lib/platform/runtime/logger';

export interface ServiceDatabase {
  handle: DatabaseHandle;
  /** Closes the pool, then stops the embedded server if one was started. */
  close(): Promise<void>;
  /** Settles when the embedded server died and could not be restarted; never for a server given by connection string. */
  failed: Promise<Error>;
}

/**
 * Connects to the configured PostgreSQL, or starts the embedded one in
 * `<data>/pg` when no connection string is set (local profile), and checks
 * that it answers. The embedded server is kept running (restarted after a
 * crash); `failed` tells when that is no longer possible.
 */
export async function openServiceDatabase(config: ServiceConfig, log: Logger, hasMasterKey: boolean): Promise<ServiceDatabase> {
  let connection = config.database.connection;
  let stopEmbedded: () => Promise<void> = async () => {};
  let failed = new Promise<Error>(() => undefined);
  if (!connection) {
    const directory = join(config.dataDirectory, 'pg');
    const embedded = await startEmbeddedPostgres({ directory, log: (line) => log.debug(`postgres: ${line}`), report: (line) => log.warn(line) });
    stopEmbedded = () => embedded.stop();
    failed = embedded.failed;
    connection = embedded.connection;
    log.info(`embedded PostgreSQL on 127.0.0.1:${embedded.port}, files in ${embedded.clusterDirectory}`);
  }
  const handle = openDatabase(connection, { onPoolError: poolErrorLogger(log) });
  const close = async () => {
    await handle.close();
    await stopEmbedded();
  };
  try {
    await sql`select 1`.execute(handle.db);
  } catch (error) {
    await close();
    const where = config.database.variable ? `${config.database.variable} (${describeConnection(connection)})` : `the embedded database (${describeConnection(connection)})`;
    const keyNote = hasMasterKey ? '' : ' Without a reachable database the service cannot tell whether a master key is needed.';
    throw new StartupRefusalError(`The database cannot be reached at ${where}: ${(error as Error).message}.${keyNote} Check that PostgreSQL runs and the connection string is right.`, {
      cause: error,
    });
  }
  return { handle, close, failed };
}
