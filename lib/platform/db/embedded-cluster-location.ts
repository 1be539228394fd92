import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { StartupRefusalError } from '../config/startup-refusal';
import { serverUserCanEnter, type ServerUser } from './embedded-postgres-user';

/** `<data>/pg.json`: how to reach the cluster, and where it is when not in `<data>/pg`. */
export interface ClusterSettings {
  port: number;
  password: string;
  /** Absolute path of a cluster kept outside the data directory; absent when it is `<data>/pg`. */
  cluster?: string;
}

export async function readClusterSettings(file: string): Promise<ClusterSettings | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<ClusterSettings>;
    if (typeof parsed.port !== 'number' || typeof parsed.password !== 'string') return undefined;
    return { port: parsed.port, password: parsed.password, ...(typeof parsed.cluster === 'string' ? { cluster: parsed.cluster } : {}) };
  } catch {
    /* absent or unreadable: a new cluster writes it */
    return undefined;
  }
}

/** Written whole (a temporary file renamed over it), mode 0600: it holds the database password. */
export async function writeClusterSettings(file: string, settings: ClusterSettings): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(settings), { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

/** The folder that holds the clusters of data directories the server user cannot enter. */
export function externalClustersFolder(systemDirectory: string): string {
  return join(systemDirectory, 'clusters');
}

/**
 * Where the cluster of `directory` (`<data>/pg`) lives. In the data directory
 * when the server user can enter it; otherwise (root's data directory under a
 * 0700 home folder) in `<systemDirectory>/clusters/<key>`, a folder of the
 * server user, keyed by the data directory's absolute path. The data
 * directory's folders are never opened up to make room for the server.
 */
export async function chooseClusterDirectory(directory: string, user: ServerUser | undefined, systemDirectory: string): Promise<string> {
  if (serverUserCanEnter(user, dirname(directory))) return directory;
  const key = createHash('sha256').update(resolve(directory)).digest('hex').slice(0, 16);
  const clusters = externalClustersFolder(systemDirectory);
  try {
    await mkdir(clusters, { recursive: true, mode: 0o711 });
    await chmod(systemDirectory, 0o755);
    await chmod(clusters, 0o711);
  } catch (error) {
    throw new StartupRefusalError(
      `The embedded database runs as the "${user!.name}" user, which cannot enter ${dirname(directory)}; its cluster would go to ${clusters}, which cannot be created (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        'Set Svc__DataDirectory to a folder that user can enter, or set ConnectionStrings__DefaultConnection to a PostgreSQL server.',
      { cause: error },
    );
  }
  const cluster = join(clusters, key);
  if (existsSync(join(cluster, 'PG_VERSION'))) {
    throw new StartupRefusalError(
      `A database cluster for the data directory ${dirname(directory)} exists in ${cluster}, but ${directory}.json, which names it, is missing. Restore that file, or remove ${cluster} to start with an empty database.`,
    );
  }
  return cluster;
}
