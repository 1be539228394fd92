import { chown, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StartupRefusalError } from '../config/startup-refusal';
import type { EmbeddedPostgresBinaries } from './embedded-postgres-binaries';
import type { ServerUser } from './embedded-postgres-user';
import { spawnProgram } from './spawn-program';

export interface InitialiseClusterOptions {
  binaries: EmbeddedPostgresBinaries;
  user: ServerUser | undefined;
  /** The cluster folder to create; it must not hold a cluster yet. */
  directory: string;
  /** Password of the `postgres` database role (scram-sha-256). */
  password: string;
  log: (line: string) => void;
  /** Runs once initdb succeeded, before the cluster takes its place (writes the settings that name it). */
  beforeCommit?: () => Promise<void>;
}

async function giveTo(user: ServerUser | undefined, path: string): Promise<void> {
  if (user) await chown(path, user.uid, user.gid);
}

async function isEmptyFolder(path: string): Promise<boolean | undefined> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function lastLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  return lines.at(-1) ?? 'no output';
}

/**
 * Creates a new cluster with `initdb`, run as the server user. The password
 * reaches initdb in a file inside a fresh 0700 folder of that user (never a
 * file others can read), removed when initdb ends. initdb writes into
 * `<directory>.init`, renamed to `directory` only when it succeeded, so a
 * failed or interrupted first start leaves no half-made cluster behind.
 * `beforeCommit` writes what names the cluster before it exists, so an
 * interruption between the two leaves a settings file without a cluster, which
 * the next start replaces, never a cluster nobody can open.
 */
export async function initialiseCluster(options: InitialiseClusterOptions): Promise<void> {
  const { binaries, user, directory, log } = options;
  const empty = await isEmptyFolder(directory);
  if (empty === false) {
    throw new StartupRefusalError(`${directory} exists but holds no database cluster (no PG_VERSION). Move it away to start with an empty database, or restore the cluster into it.`);
  }
  if (empty) await rm(directory, { recursive: true });

  const staging = `${directory}.init`;
  await rm(staging, { recursive: true, force: true });
  const secrets = await mkdtemp(join(tmpdir(), 'svc-initdb-'));
  try {
    await mkdir(staging, { mode: 0o700 });
    await giveTo(user, staging);
    await giveTo(user, secrets);
    const passwordFile = join(secrets, 'password');
    await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600, flag: 'wx' });
    await giveTo(user, passwordFile);

    const child = await spawnProgram(
      'the embedded PostgreSQL program initdb',
      binaries.initdb,
      [`--pgdata=${staging}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C', '--no-instructions'],
      { cwd: '/', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'], ...(user ? { uid: user.uid, gid: user.gid } : {}) },
      'Run `npm install` again, or set ConnectionStrings__DefaultConnection to a PostgreSQL server.',
    );
    let errors = '';
    child.stdout!.on('data', (chunk: Buffer) => log(chunk.toString().trimEnd()));
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
    if (code !== 0) {
      throw new StartupRefusalError(`The embedded PostgreSQL's initdb failed (${code === null ? `signal ${signal}` : `exit code ${code}`}) creating ${directory}: ${lastLine(errors)}`);
    }
    await options.beforeCommit?.();
    await rename(staging, directory);
  } finally {
    await rm(secrets, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
