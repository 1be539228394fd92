import { readServiceConfig } from '../lib/config/service-config';
import { StartupRefusalError } from '../lib/config/startup-refusal';
import { migrateDatabase } from '../lib/db/migrate-database';
import { openDatabase } from '../lib/db/open-database';
import { loggerFromEnvironment } from '../lib/runtime/logger';
import { createBufferedLogWrite } from '../lib/runtime/buffered-log-write';
import { runHealthCommand } from './health-command';
import { runKeysCommand } from './keys-command';
import { startService } from './start-service';

const usage = `Usage: svc [command]
  (none), serve   start the service (HTTP, job worker; embedded PostgreSQL when no connection string is set)
  health          exit 0 when /health on 127.0.0.1:$PORT answers 200
  migrate         apply database migrations and exit (for deployments with Database__MigrateOnStartup=false)
  keys forget [--yes]
                  list (and with --yes delete) stored credentials and session keys under a master key that is not given
`;

const failedStopTimeoutMs = 10_000;

const logLines = createBufferedLogWrite();
process.on('exit', logLines.flush);
const log = loggerFromEnvironment(process.env, logLines.write);

function refuse(error: unknown): never {
  // One log entry in the configured format, so that a log collector reads the start failure too.
  if (error instanceof StartupRefusalError) log.error(`svc: cannot start: ${error.message}`);
  else log.error('svc: cannot start: unexpected failure', error);
  process.exit(1);
}

async function serve(): Promise<void> {
  const service = await startService(process.env, log).catch(refuse);
  log.info(`svc listening on ${service.url} (profile ${service.config.profile})`);
  let signals = 0;
  const shutdown = (signal: string) => {
    signals++;
    if (signals > 1) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    log.info(`${signal}: finishing requests, stopping the worker and the database`);
    service.stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // A database that stays down ends the process non-zero, so that its supervisor starts it again.
  void service.failed.then((error) => {
    signals++;
    log.error(`svc cannot continue: ${error.message}; stopping`);
    // Bounded: with the database gone, the worker or the pool may not end on their own.
    const exit = () => process.exit(1);
    setTimeout(exit, failedStopTimeoutMs).unref();
    service.stop().then(exit, exit);
  });
}

async function migrate(): Promise<void> {
  const config = (() => {
    try {
      return readServiceConfig(process.env);
    } catch (error) {
      return refuse(error);
    }
  })();
  if (!config.database.connection) refuse(new StartupRefusalError('`svc migrate` needs ConnectionStrings__DefaultConnection (the local server migrates its embedded database at start).'));
  const handle = openDatabase(config.database.connection);
  try {
    const applied = await migrateDatabase(handle.db, handle.pool);
    process.stdout.write(applied.length > 0 ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } catch (error) {
    refuse(error);
  } finally {
    await handle.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case undefined:
  case 'serve':
    await serve();
    break;
  case 'health':
    process.exit(await runHealthCommand(process.env));
    break;
  case 'migrate':
    await migrate();
    break;
  case 'keys':
    process.exit(await runKeysCommand(rest, process.env, log).catch(refuse));
    break;
  case '--help':
  case 'help':
    process.stdout.write(usage);
    break;
  default:
    process.stderr.write(`svc: unknown command "${[command, ...rest].join(' ')}"\n${usage}`);
    process.exit(2);
}
