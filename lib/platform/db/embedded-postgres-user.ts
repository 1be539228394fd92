import { execFileSync, spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { StartupRefusalError } from '../config/startup-refusal';

/** The OS user the embedded server runs as; undefined when it runs as the service's own user. */
export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

const serverUserName = 'postgres';

function lookUp(name: string): ServerUser | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim());
    const gid = Number(execFileSync('id', ['-g', name], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the embedded server runs as
 * the system user `postgres`, created (no home, no login shell) when missing.
 * Any other user runs it as itself.
 */
export function embeddedServerUser(): ServerUser | undefined {
  if (userInfo().uid !== 0) return undefined;
  const existing = lookUp(serverUserName);
  if (existing) return existing;
  try {
    const groupExists = spawnSync('getent', ['group', serverUserName], { stdio: 'ignore' }).status === 0;
    if (!groupExists) execFileSync('groupadd', ['--system', serverUserName], { stdio: ['ignore', 'ignore', 'pipe'] });
    execFileSync('useradd', ['--system', '--gid', serverUserName, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', serverUserName], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    const reason = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim().split('\n')[0];
    throw new StartupRefusalError(
      `The embedded database must run as the "${serverUserName}" user, which is missing and could not be created (${reason}). Create it (useradd --system ${serverUserName}), or set ConnectionStrings__DefaultConnection to a PostgreSQL server.`,
      { cause: error },
    );
  }
  const created = lookUp(serverUserName);
  if (!created) throw new StartupRefusalError(`The "${serverUserName}" user was created but cannot be found with \`id ${serverUserName}\`.`);
  return created;
}

/**
 * Whether the server user can enter `directory` (every folder on the way
 * included). Asked of the OS as that user, so groups and ACLs count as they
 * will for the server itself.
 */
export function serverUserCanEnter(user: ServerUser | undefined, directory: string): boolean {
  if (!user) return true;
  const probe = spawnSync('test', ['-x', directory], { uid: user.uid, gid: user.gid, cwd: '/', stdio: 'ignore' });
  return probe.status === 0;
}
