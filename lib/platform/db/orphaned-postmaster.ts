import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { StartupRefusalError } from '../config/startup-refusal';

const stopTimeoutMs = 15_000;

export function isProcessAlive(pid: number): boolean {
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

/** A postmaster left running by a killed process keeps postmaster.pid: stop it first. */
export async function stopOrphanedServer(directory: string, log: (line: string) => void): Promise<void> {
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

