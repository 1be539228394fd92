import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { StartupRefusalError } from '../config/startup-refusal';

const reasons: Record<string, string> = {
  EACCES: 'permission denied',
  ENOENT: 'no such file',
  EPERM: 'operation not permitted',
  ENOEXEC: 'not an executable for this machine',
};

/**
 * Starts a program and resolves once it runs. A program that cannot be
 * started (missing, not executable, not enterable by the user it runs as)
 * becomes one `StartupRefusalError` line naming the program, the reason and
 * `fix`, instead of an unhandled 'error' event with a stack trace.
 */
export function spawnProgram(what: string, file: string, args: string[], options: SpawnOptions, fix: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(file, args, options);
    } catch (error) {
      reject(refusal(what, file, error as NodeJS.ErrnoException, fix));
      return;
    }
    const onError = (error: NodeJS.ErrnoException) => reject(refusal(what, file, error, fix));
    child.once('error', onError);
    child.once('spawn', () => {
      child.removeListener('error', onError);
      // Later errors (a failed kill) are not start failures; the exit event tells the rest.
      child.on('error', () => undefined);
      resolve(child);
    });
  });
}

function refusal(what: string, file: string, error: NodeJS.ErrnoException, fix: string): StartupRefusalError {
  const code = error.code ?? 'error';
  const reason = reasons[code] ? `${code}, ${reasons[code]}` : code;
  return new StartupRefusalError(`Cannot run ${what} ${file} (${reason}). ${fix}`, { cause: error });
}
