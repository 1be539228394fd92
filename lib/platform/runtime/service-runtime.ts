import type { Kysely } from 'kysely';
import type pg from 'pg';
import { readServiceConfig, type ServiceConfig } from '../config/service-config';
import { StartupRefusalError } from '../config/startup-refusal';
import { readMasterKeySetting } from '../crypto/read-master-key';
import type { MasterKeyring } from '../crypto/master-key';
import { openDatabase, poolErrorLogger } from '../db/open-database';
import type { Database } from '../db/schema';
import { lambdaResponsePayloadBytes } from './lambda-limits';
import { readDatabasePoolSize } from './database-pool-size';
import { loggerFromEnvironment, type Logger } from './logger';

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
  /**
   * In a function deployment: the most bytes a response payload may hold
   * (Lambda's 6 MB, lib/platform/http/response-payload.ts); absent in the container,
   * which answers any size.
   */
  responsePayloadLimitBytes?: number;
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
 * Runs `use` with the runtime: at once (no promise) when it is built, as it is for every
 * request but a function's first, else once it is. The middlewares on the request path use this.
 */
export function withServiceRuntime<T>(use: (runtime: ServiceRuntime) => T): T | Promise<T> {
  return ready ? use(ready) : getServiceRuntime().then(use);
}

/**
 * The runtime of this process. In a function deployment the first request
 * builds it from the environment (hosted profile: key and connection string
 * given; migrations run by the deploy step; a small pool, `Database__MaxPoolSize`).
 * A missing or wrong setting rejects with `StartupRefusalError`; the next call
 * tries again rather than keeping the failure.
 */
export function getServiceRuntime(): Promise<ServiceRuntime> {
  current ??= buildFromEnvironment(process.env).catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}

async function buildFromEnvironment(env: NodeJS.ProcessEnv): Promise<ServiceRuntime> {
  const log = loggerFromEnvironment(env);
  const config = readServiceConfig(env);
  if (!config.database.connection) throw new StartupRefusalError('ConnectionStrings__DefaultConnection is required outside the local server. Set it to the database (or its proxy) connection string.');
  const currentKey = readMasterKeySetting(config.masterKey);
  if (!currentKey) throw new StartupRefusalError('Svc__MasterKey or Svc__MasterKeyFile is required outside the local server. Set one of them.');
  const { db, pool } = openDatabase(config.database.connection, { maxConnections: readDatabasePoolSize(env), onPoolError: poolErrorLogger(log) });
  ready = { config, db, pool, keyring: { current: currentKey, previous: readMasterKeySetting(config.previousMasterKey) }, now: () => new Date(), log, responsePayloadLimitBytes: lambdaResponsePayloadBytes };
  return ready;
}
