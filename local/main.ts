import { setFlagsFromString } from 'node:v8';
import { readServiceConfig } from '../lib/platform/config/service-config';
import { StartupRefusalError } from '../lib/platform/config/startup-refusal';
import { migrateDatabase } from '../lib/platform/db/migrate-database';
import { openDatabase } from '../lib/platform/db/open-database';
import { loggerFromEnvironment } from '../lib/platform/runtime/logger';
import { createBufferedLogWrite } from '../lib/platform/runtime/buffered-log-write';
import { isServiceCommand, logRefusal, runServiceCommand, serviceCommandUsage } from './service-commands';
import { startService } from './start-service';

const usage = `Usage: svc [command]
  (none), serve   start the service (HTTP, job worker; embedded PostgreSQL when no connection string is set)
  migrate         apply database migrations and exit (for deployments with Database__MigrateOnStartup=false)
${serviceCommandUsage}`;

const failedStopTimeoutMs = 10_000;

// After each full collection V8 lets the heap grow up to 4 times what stayed alive before it collects again, so the
// garbage of one large request (an import or export at the limits leaves a few hundred MB of text and records) is
// still resident while the next one runs, and the peaks add up. Growing by half at most collects it in time; the
// small requests that make most of the traffic leave their garbage in the young generation, which this leaves alone.
setFlagsFromString('--heap-growing-percent=50');

const logLines = createBufferedLogWrite();
process.on('exit', logLines.flush);
const log = loggerFromEnvironment(process.env, logLines.write);

function refuse(error: unknown): never {
  // One log entry in the configured format, so that a log collector reads the start failure too.
  logRefusal(log, error);
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
  case 'migrate':
    await migrate();
    break;
  case '--help':
  case 'help':
    process.stdout.write(usage);
    break;
  default:
    // `health` and `keys`: the same code as the svc command-line tool's.
    if (isServiceCommand(command)) process.exit(await runServiceCommand(command, rest, process.env, log));
    process.stderr.write(`svc: unknown command "${[command, ...rest].join(' ')}"\n${usage}`);
    process.exit(2);
}
