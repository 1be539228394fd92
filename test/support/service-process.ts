import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const serverEntry = resolve(import.meta.dirname, '../../dist/local/main.mjs');

export interface ServiceProcess {
  url: string;
  dataDirectory: string;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The messages of a service log, one per line: the `message` of each JSON
 * line (the default format), or the line itself when it is not JSON.
 */
export function logMessages(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        const entry = JSON.parse(line) as { message?: unknown };
        return typeof entry.message === 'string' ? entry.message : line;
      } catch {
        return line;
      }
    });
}

/** A clean environment: nothing of the caller's Svc__/database variables leaks into the server. */
export function serviceEnvironment(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG ?? 'C.UTF-8' };
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) env[k] = v;
  return env;
}

export async function temporaryDirectory(prefix = 'svc-data-'): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  // An embedded database below it runs as `postgres` when tests run as root.
  await chmod(folder, 0o711);
  return folder;
}

/** Runs the built server with a command and waits for it to exit (bounded). */
export function runServerCommand(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<ProcessResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [serverEntry, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server command did not exit within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

/**
 * Starts the real server process (`dist/local/main.mjs`) on a free port and
 * waits for its "listening" line. Rejects with the output when it exits first.
 */
export async function startServiceProcess(overrides: Record<string, string | undefined>, options: { dataDirectory?: string; timeoutMs?: number } = {}): Promise<ServiceProcess> {
  const dataDirectory = options.dataDirectory ?? (await temporaryDirectory());
  const env = serviceEnvironment({ PORT: '0', Svc__DataDirectory: dataDirectory, ...overrides });
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  let stopping = false;
  let listening = false;
  // A server that dies in the middle of a test shows up as "fetch failed" in every later call;
  // its own last words say why. (One that never listened rejects the start with its output.)
  child.on('exit', (code, signal) => {
    if (listening && !stopping) console.error(`server process ${child.pid} exited while a test was using it (code ${code}, signal ${signal}); its last output:\n${output.slice(-4000)}`);
  });
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${options.timeoutMs ?? 30_000} ms:\n${output}`)), options.timeoutMs ?? 30_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /svc listening on (http:\/\/[^\s"]+)/.exec(output);
      if (m) {
        listening = true;
        clearTimeout(timer);
        resolvePromise(m[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    dataDirectory,
    child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      if (!options.dataDirectory) await rm(dataDirectory, { recursive: true, force: true });
      return code;
    },
  };
}
