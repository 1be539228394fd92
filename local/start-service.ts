import { existsSync } from 'node:fs';
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Runner } from 'graphile-worker';
import { dummyPasswordHash } from '../lib/features/auth/password';
import { ensureLocalSetupCode, setupCodeLogMarker } from '../lib/features/auth/setup-code';
import { readServiceConfig, type Environment, type ServiceConfig } from '../lib/platform/config/service-config';
import { StartupRefusalError } from '../lib/platform/config/startup-refusal';
import { resolveLocalMasterKey } from '../lib/platform/crypto/local-master-key';
import type { MasterKeyring } from '../lib/platform/crypto/master-key';
import { describeMissingKeys, readMasterKeyUsage, rowsUnderMissingKeys } from '../lib/platform/crypto/master-key-usage';
import { readMasterKeySetting } from '../lib/platform/crypto/read-master-key';
import { assertDatabaseUpToDate, migrateDatabase } from '../lib/platform/db/migrate-database';
import { allowedHostTest } from '../lib/platform/http/allowed-hosts';
import { serviceRoutes as routes } from '../functions/routes';
import type { Logger } from '../lib/platform/runtime/logger';
import { setServiceRuntime } from '../lib/platform/runtime/service-runtime';
import { shutdownTelemetry, startTelemetry } from '../lib/platform/telemetry/telemetry';
import { countSecretsNotUnderCurrentKey } from '../lib/features/secrets/secret-store';
import { reEncryptSecretsTask } from '../jobs/re-encrypt-secrets';
import { createHttpShim } from './http-shim';
import { loadGroupHandlers } from './load-group-handlers';
import { openServiceDatabase } from './open-service-database';
import { startWorker } from './start-worker';

export interface RunningService {
  config: ServiceConfig;
  url: string;
  /** Ordered shutdown: stop accepting, finish in-flight requests, stop the worker, close the pool, stop the embedded database, flush telemetry. */
  stop(): Promise<void>;
  /** Settles when the service cannot go on (its embedded database died and restarts failed): stop it and exit non-zero. */
  failed: Promise<Error>;
}

const drainTimeoutMs = 25_000;
/** The last spans, metrics and logs get this long to reach the collector at shutdown. */
const telemetryFlushTimeoutMs = 5_000;

/** Makes the data directory; answers whether it was made now (so a refused first start can remove it again). */
async function assertDataDirectoryWritable(directory: string): Promise<boolean> {
  const existed = existsSync(directory);
  try {
    // 0711: the embedded server's OS user must pass through to pg/; the key and code files are 0600.
    await mkdir(directory, { recursive: true, mode: 0o711 });
    const probe = join(directory, `.write-check-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
    return !existed;
  } catch (error) {
    throw new StartupRefusalError(
      `The data directory ${directory} cannot be created or written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        'Set Svc__DataDirectory to a folder the service user can write.',
      { cause: error },
    );
  }
}

/**
 * Starts the whole service in this process: checks the configuration, starts
 * or connects to PostgreSQL, migrates, resolves the master key, prepares
 * first-run setup, starts the job worker and the HTTP shim. Any refusal of
 * part 2 "Errors" is thrown as `StartupRefusalError`, after undoing what was
 * started.
 */
export async function startService(env: Environment, log: Logger): Promise<RunningService> {
  const config = readServiceConfig(env);
  const configuredKey = readMasterKeySetting(config.masterKey);
  const previousKey = readMasterKeySetting(config.previousMasterKey);

  // First, so that the start-up log lines are exported too; last to stop (the first cleanup).
  await startTelemetry(config.telemetry.otlpEndpoint, 'process');
  const cleanups: (() => Promise<void>)[] = [() => shutdownTelemetry(telemetryFlushTimeoutMs)];
  const undo = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((e: unknown) => log.warn(`cleanup failed: ${(e as Error).message}`));
  };

  let createdDataDirectory = false;
  try {
    if (config.profile === 'local') createdDataDirectory = await assertDataDirectoryWritable(config.dataDirectory);

    const database = await openServiceDatabase(config, log, configuredKey !== null);
    cleanups.push(() => database.close());
    const { handle } = database;

    if (config.database.migrateOnStartup) {
      const applied = await migrateDatabase(handle.db, handle.pool);
      if (applied.length > 0) log.info(`applied migrations: ${applied.join(', ')}`);
    } else {
      await assertDatabaseUpToDate(handle.db);
    }

    const currentKey =
      config.profile === 'local'
        ? await resolveLocalMasterKey({
            dataDirectory: config.dataDirectory,
            configuredKey,
            readUsage: () => readMasterKeyUsage(handle.db),
            warn: (m) => log.warn(m),
          })
        : configuredKey!;
    const keyring: MasterKeyring = { current: currentKey, previous: previousKey };
    const missing = rowsUnderMissingKeys(await readMasterKeyUsage(handle.db), keyring);
    if (missing.length > 0) {
      const loaded = [keyring.current.id, keyring.previous?.id].filter(Boolean).join(', ');
      throw new StartupRefusalError(
        `The database holds data under master keys that are not loaded: ${describeMissingKeys(missing)}. Loaded keys: ${loaded}. ` +
          'Set Svc__MasterKey (or Svc__PreviousMasterKey during rotation) to the missing key; if it is lost, run `svc keys forget`.',
      );
    }

    const users = Number((await handle.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    if (users === 0 && !config.setupToken) {
      if (config.profile === 'hosted') {
        throw new StartupRefusalError('No account exists and Svc__SetupToken is not set. Set Svc__SetupToken (at least 16 characters) to run first-run setup.');
      }
      const code = await ensureLocalSetupCode(config.dataDirectory);
      // The one log line that carries a secret (part 2 "Authentication").
      log.info(`${setupCodeLogMarker} ${code}  (also in ${join(config.dataDirectory, 'setup-code')}; give it to POST /api/setup to create the first account, see docs/getting-started.md)`);
    }

    // Made now, so the first failed sign-in takes as long as every other.
    await dummyPasswordHash();
    setServiceRuntime({ config, db: handle.db, pool: handle.pool, keyring, now: () => new Date(), log });

    const runner: Runner = await startWorker(handle, config.importWorker.parallelism, log);
    cleanups.push(() => runner.stop());
    if (keyring.previous && (await countSecretsNotUnderCurrentKey(handle.db, keyring)) > 0) {
      await runner.addJob(reEncryptSecretsTask, {}, { jobKey: reEncryptSecretsTask });
      log.info(`stored credentials under the previous master key ${keyring.previous.id} are being re-encrypted under ${keyring.current.id}`);
    }

    const shim = createHttpShim({ routes, handlers: loadGroupHandlers(routes), log, isAllowedHost: allowedHostTest(config.allowedHosts, config.publicUrl) });
    await new Promise<void>((resolve, reject) => {
      shim.server.once('error', reject);
      shim.server.listen(config.http.port, config.http.host, () => resolve());
    }).catch((error: NodeJS.ErrnoException) => {
      throw new StartupRefusalError(
        `Cannot listen on ${config.http.host}:${config.http.port} (${error.code ?? error.message}). Set PORT (and HOST) to a free address.`,
        { cause: error },
      );
    });
    const address = shim.server.address() as AddressInfo;
    const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${hostForUrl}:${address.port}`;

    let stopping: Promise<void> | undefined;
    return {
      config,
      url,
      failed: database.failed,
      stop() {
        stopping ??= (async () => {
          await shim.drain(drainTimeoutMs);
          await undo();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await undo();
    // A refused first start leaves no empty data directory behind; one holding anything stays.
    if (createdDataDirectory) await rmdir(config.dataDirectory).catch(() => undefined);
    throw error;
  }
}
