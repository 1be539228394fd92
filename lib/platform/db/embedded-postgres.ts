import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { StartupRefusalError } from '../config/startup-refusal';
import type { PostgresConnection } from '../config/connection-string';
import { chooseClusterDirectory, readClusterSettings, writeClusterSettings, type ClusterSettings } from './embedded-cluster-location';
import { embeddedPostgresBinaries, type EmbeddedPostgresBinaries } from './embedded-postgres-binaries';
import { embeddedServerUser, type ServerUser } from './embedded-postgres-user';
import { initialiseCluster } from './initialise-cluster';
import { stopOrphanedServer } from './orphaned-postmaster';
import { spawnProgram } from './spawn-program';

export interface RestartPolicy {
  /** Restarts tried after an unexpected exit before giving up. */
  attempts: number;
  /** Wait before the first attempt; each next one waits twice as long. */
  firstDelayMs: number;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's place in the data directory, `<data>/pg`; `<data>/pg.json` and `<data>/pg.log` sit beside it. */
  directory: string;
  /** Database the service uses; created when missing. */
  database?: string;
  /** Extra `postgres` flags (tests turn fsync off). */
  flags?: string[];
  /** The server's own output (debug). */
  log?: (line: string) => void;
  /** What the supervisor does: a crash, a restart, giving up. */
  report?: (line: string) => void;
  /** As root: the programs' copy and clusters of unreachable data directories go here. */
  systemDirectory?: string;
  restart?: RestartPolicy;
}

export interface RunningEmbeddedPostgres {
  connection: PostgresConnection;
  port: number;
  /** Where the cluster's files are (`<data>/pg`, or a folder under the system directory). */
  clusterDirectory: string;
  /** Settles when the server ended unexpectedly and every restart attempt failed. */
  failed: Promise<Error>;
  /** Stops the server (fast shutdown), bounded; safe to call twice. */
  stop(): Promise<void>;
}

export const defaultSystemDirectory = '/var/lib/svc';
/** 0.5 + 1 + 2 + 4 + 8 s: a crash loop ends within about 16 s, then a supervisor restarts the service. */
export const defaultRestartPolicy: RestartPolicy = { attempts: 5, firstDelayMs: 500 };

const stopTimeoutMs = 15_000;
const readyTimeoutMs = 60_000;

/** Asks the OS for a port nobody listens on. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * The line this launch wrote to the server log (from byte `from` on) that says
 * why it stopped: the last FATAL or PANIC, else the first line (a program
 * that stops before logging starts prints its reason first, then a hint).
 */
function reasonInLog(file: string, from: number): string {
  try {
    const lines = readFileSync(file).subarray(from).toString('utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '');
    return [...lines].reverse().find((l) => /\b(FATAL|PANIC):/.test(l)) ?? lines[0] ?? 'nothing in its log';
  } catch {
    return 'no log';
  }
}

async function waitUntilReady(child: ChildProcess, connection: PostgresConnection, logFile: string, logFrom: number): Promise<void> {
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = code === null ? `signal ${signal}` : `code ${code}`));
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new StartupRefusalError(`The embedded PostgreSQL exited at start (${exited}): ${reasonInLog(logFile, logFrom)} (log: ${logFile})`);
    }
    const client = new pg.Client({ ...connection, database: 'postgres', connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill('SIGKILL');
  throw new StartupRefusalError(`The embedded PostgreSQL did not accept connections within ${readyTimeoutMs / 1000} s: ${reasonInLog(logFile, logFrom)} (log: ${logFile})`);
}

async function ensureDatabase(connection: PostgresConnection, database: string): Promise<void> {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

interface ServerLaunch {
  binaries: EmbeddedPostgresBinaries;
  user: ServerUser | undefined;
  cluster: string;
  port: number;
  connection: PostgresConnection;
  logFile: string;
  flags: string[];
}

/** Runs `postgres` on loopback in its own process group and waits until it accepts connections. */
async function launchServer(launch: ServerLaunch, logMode: 'w' | 'a'): Promise<ChildProcess> {
  const logFd = openSync(launch.logFile, logMode, 0o600);
  chmodSync(launch.logFile, 0o600);
  const logFrom = fstatSync(logFd).size;
  let child: ChildProcess;
  try {
    child = await spawnProgram(
      'the embedded PostgreSQL server',
      launch.binaries.postgres,
      ['-D', launch.cluster, '-p', String(launch.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...launch.flags],
      { cwd: '/', detached: true, stdio: ['ignore', logFd, logFd], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' }, ...(launch.user ? { uid: launch.user.uid, gid: launch.user.gid } : {}) },
      'Run `npm install` again, or set ConnectionStrings__DefaultConnection to a PostgreSQL server.',
    );
  } finally {
    closeSync(logFd);
  }
  try {
    await waitUntilReady(child, launch.connection, launch.logFile, logFrom);
  } catch (error) {
    child.kill('SIGINT');
    throw error;
  }
  return child;
}

/** Stops a server child: SIGINT (fast shutdown), SIGKILL when it has not ended within the bound. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), stopTimeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  child.kill('SIGINT');
  if (!(await exited)) child.kill('SIGKILL');
}

/**
 * Starts the PostgreSQL of the `embedded-postgres` package on loopback and
 * keeps it running. A new cluster is made with initdb on first start; the port
 * and password are kept in `<data>/pg.json` (the port replaced when another
 * program took it). The server runs in its own process group, so a Ctrl-C in
 * the terminal reaches only the service, which then finishes its requests
 * before it stops the database. When the server ends unexpectedly it is
 * started again (`restart`: bounded attempts with doubling waits); when all
 * fail, `failed` settles and the caller ends the service. As root the server
 * runs as `postgres` (see docs/embedded-database.md for where its files go).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningEmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const report = options.report ?? log;
  const policy = options.restart ?? defaultRestartPolicy;
  const systemDirectory = options.systemDirectory ?? defaultSystemDirectory;
  const { directory } = options;
  const settingsFile = `${directory}.json`;
  const logFile = `${directory}.log`;
  await mkdir(dirname(directory), { recursive: true });

  const user = embeddedServerUser();
  const binaries = await embeddedPostgresBinaries(user, systemDirectory);
  let settings: ClusterSettings | undefined = await readClusterSettings(settingsFile);
  if (!settings && existsSync(join(directory, 'PG_VERSION'))) {
    throw new StartupRefusalError(
      `The embedded database in ${directory} has no settings file ${settingsFile}. Restore that file, or move ${directory} away to start with an empty database.`,
    );
  }
  const cluster = settings ? (settings.cluster ?? directory) : await chooseClusterDirectory(directory, user, systemDirectory);
  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    const fresh: ClusterSettings = {
      port: settings?.port ?? (await findFreePort()),
      password: randomBytes(24).toString('base64url'),
      ...(cluster === directory ? {} : { cluster }),
    };
    await initialiseCluster({ binaries, user, directory: cluster, password: fresh.password, log, beforeCommit: () => writeClusterSettings(settingsFile, fresh) }).catch(
      (error: unknown) => {
        if (error instanceof StartupRefusalError) throw error;
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new StartupRefusalError(`The embedded database could not be created in ${cluster} (${reason}). Check that folder and its parents, or set ConnectionStrings__DefaultConnection to a PostgreSQL server.`, {
          cause: error,
        });
      },
    );
    settings = fresh;
    if (cluster !== directory) report(`embedded PostgreSQL cluster created in ${cluster} (the "${user?.name}" user cannot enter ${dirname(directory)}); ${settingsFile} names it`);
  } else if (!settings) {
    throw new StartupRefusalError(`The embedded database in ${cluster} has no settings file ${settingsFile}. Restore that file, or move ${cluster} away to start with an empty database.`);
  }

  await stopOrphanedServer(cluster, log);
  if (!(await isPortFree(settings.port))) {
    settings = { ...settings, port: await findFreePort() };
    await writeClusterSettings(settingsFile, settings);
  }

  const connection: PostgresConnection = { host: '127.0.0.1', port: settings.port, user: 'postgres', password: settings.password, database: options.database ?? 'svc' };
  const launch: ServerLaunch = { binaries, user, cluster, port: settings.port, connection, logFile, flags: options.flags ?? [] };

  let current = await launchServer(launch, 'w');
  // Last resort when the process ends without the ordered shutdown (a crash).
  const killOnExit = () => current.kill('SIGINT');
  process.on('exit', killOnExit);
  try {
    await ensureDatabase(connection, connection.database!);
  } catch (error) {
    process.removeListener('exit', killOnExit);
    await stopChild(current);
    throw error;
  }
  log(`embedded PostgreSQL ready on 127.0.0.1:${settings.port} (${cluster})`);

  let stopping = false;
  let wake: (() => void) | undefined;
  let restarting: Promise<void> | undefined;
  let giveUp: (error: Error) => void = () => undefined;
  const failed = new Promise<Error>((resolve) => (giveUp = resolve));

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const restart = async (pid: number | undefined, how: string) => {
    report(`embedded PostgreSQL (process ${pid}) ended unexpectedly (${how}); restarting it`);
    let lastError: Error = new Error('no restart attempted');
    for (let attempt = 1; attempt <= policy.attempts; attempt++) {
      await pause(policy.firstDelayMs * 2 ** (attempt - 1));
      if (stopping) return;
      try {
        const child = await launchServer(launch, 'a');
        if (stopping) {
          await stopChild(child);
          return;
        }
        current = child;
        watch(child);
        report(`embedded PostgreSQL restarted (attempt ${attempt} of ${policy.attempts}) on 127.0.0.1:${launch.port}`);
        return;
      } catch (error) {
        lastError = error as Error;
        report(`embedded PostgreSQL restart attempt ${attempt} of ${policy.attempts} failed: ${lastError.message}`);
      }
    }
    giveUp(new Error(`the embedded PostgreSQL ended and ${policy.attempts} restarts failed; the last: ${lastError.message}`));
  };

  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      restarting = restart(child.pid, code === null ? `signal ${signal}` : `exit code ${code}`);
    });
  };
  watch(current);

  let stopped: Promise<void> | undefined;
  return {
    connection,
    port: settings.port,
    clusterDirectory: cluster,
    failed,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        wake?.();
        await restarting;
        process.removeListener('exit', killOnExit);
        await stopChild(current);
      })();
      return stopped;
    },
  };
}
