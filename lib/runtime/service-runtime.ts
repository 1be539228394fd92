import type { Kysely } from 'kysely';
import type pg from 'pg';
import { readServiceConfig, type ServiceConfig } from '../config/service-config';
import { readMasterKeySetting } from '../crypto/read-master-key';
import type { MasterKeyring } from '../crypto/master-key';
import { openDatabase, poolErrorLogger } from '../db/open-database';
import type { Database } from '../db/schema';
import { createLogger, logLevelFromEnvironment, type Logger } from './logger';

/**
 * What handlers share within one process: configuration, the database pool,
 * the master keys, the clock and the log. Nothing request-specific lives here;
 * anything shared between instances lives in Postgres.
 */
export interface ServiceRuntime {
  config: ServiceConfig;
  db: Kysely<Database>;
  pool: pg.Pool;
  keyring: MasterKeyring;
  now: () => Date;
  log: Logger;
}

let current: Promise<ServiceRuntime> | undefined;
let ready: ServiceRuntime | undefined;

/** The local shim sets the runtime it built at start (embedded database, local key file). */
export function setServiceRuntime(runtime: ServiceRuntime): void {
  current = Promise.resolve(runtime);
  ready = runtime;
}

/** The runtime once it is built, without waiting a turn for it; undefined before. */
export function readyServiceRuntime(): ServiceRuntime | undefined {
  return ready;
}

/**
 * The runtime of this process. In a function deployment the first request
 * builds it from the environment (hosted profile: key and connection string
 * given; migrations run by the deploy step, `svc migrate`).
 */
export function getServiceRuntime(): Promise<ServiceRuntime> {
  current ??= (async () => {
    const log = createLogger({ level: logLevelFromEnvironment(process.env.LOG_LEVEL) });
    const config = readServiceConfig(process.env);
    if (!config.database.connection) throw new Error('ConnectionStrings__DefaultConnection is required outside the local server');
    const currentKey = readMasterKeySetting(config.masterKey);
    if (!currentKey) throw new Error('Svc__MasterKey or Svc__MasterKeyFile is required outside the local server');
    const { db, pool } = openDatabase(config.database.connection, { onPoolError: poolErrorLogger(log) });
    ready = { config, db, pool, keyring: { current: currentKey, previous: readMasterKeySetting(config.previousMasterKey) }, now: () => new Date(), log };
    return ready;
  })();
  return current;
}
