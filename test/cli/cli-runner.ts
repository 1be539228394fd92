/**
 * Helpers of the `svc` command-line tests: the built bundle copied alone
 * into a temporary folder (no node_modules anywhere above it, so every run
 * shows it needs no install), run as a child process; fixture checkouts with
 * a `.git` holding a packed ref; and, as root, running as another user so
 * that a folder with mode 000 really cannot be listed.
 */
import { spawn } from 'node:child_process';
import { chmod, copyFile, cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { temporaryDirectory } from '../support/service-process';

export const builtCli = resolve(import.meta.dirname, '../../dist/cli/svc.mjs');
export const shopFixture = resolve(import.meta.dirname, '../fixtures/shop');

/** The commit the fixture checkouts' `refs/heads/main` names in packed-refs. */
export const fixtureCommit = '3f1c2b7a9d8e6f5a4b3c2d1e0f9a8b7c6d5e4f3a';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from start to exit. */
  ms: number;
}

/** As root, the user that runs the tool when a test needs permissions to hold (`nobody`); otherwise the current user. */
export const otherUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** A folder everyone can enter (mkdtemp makes 0700 ones). */
export async function openFolder(prefix: string): Promise<string> {
  const folder = await temporaryDirectory(prefix);
  await chmod(folder, 0o755);
  return folder;
}

/** Copies the built bundle alone into `folder`; resolves with its path. */
export async function copyBundle(folder: string): Promise<string> {
  const target = join(folder, 'svc.mjs');
  await copyFile(builtCli, target);
  await chmod(target, 0o644);
  return target;
}

/** Runs `node <bundle> args` with exactly `env` (plus PATH), bounded by timeoutMs. */
export function runCli(bundle: string, args: string[], options: { env?: Record<string, string | undefined>; cwd?: string; asOtherUser?: boolean; timeoutMs?: number } = {}): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LANG: 'C.UTF-8' };
  for (const [k, v] of Object.entries(options.env ?? {})) if (v !== undefined) env[k] = v;
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], { env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], ...(options.asOtherUser ? otherUser : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`svc ${args.join(' ')} did not exit within ${options.timeoutMs ?? 60_000} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/**
 * A copy of the shop fixture at `<folder>/<name>`, a git checkout whose HEAD
 * names `refs/heads/main`, stored only in packed-refs.
 */
export async function shopCheckout(folder: string, name = 'shop'): Promise<string> {
  const checkout = join(folder, name);
  await cp(shopFixture, checkout, { recursive: true });
  await mkdir(join(checkout, '.git'), { recursive: true });
  await writeFile(join(checkout, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(join(checkout, '.git', 'packed-refs'), `# pack-refs with: peeled fully-peeled sorted\n${'0'.repeat(40)} refs/heads/old\n${fixtureCommit} refs/heads/main\n`);
  await chmod(checkout, 0o755);
  return checkout;
}
