/**
 * `svc scan <dir>... [flags]` (part 2 "Command-line tool"): reads the
 * command line, asks the service for its rules and limits (`GET
 * P/sources/push`; no file is read when its rules differ), scans each
 * directory with the shared extraction rules and pushes it (`POST
 * P/sources/push`) as a snapshot of the push Source named after it. Results go
 * to stdout, one line per directory; messages and progress to stderr. The
 * exit code is that of the first directory that failed (exit-codes.ts).
 */
import { realpath, stat } from 'node:fs/promises';
import { DirectoryWalkError } from '../lib/core/extract/walk-directory';
import { readGitHead } from '../lib/core/extract/read-git-head';
import { extractionRulesVersion, factFormatVersion } from '../lib/core/extract/rules-version';
import { narrowScanLimits, type ScanLimits } from '../lib/core/extract/scan-limits';
import type { PathScope } from '../lib/core/extract/path-filter';
import { diagnosticsSummary } from './diagnostics-summary';
import { dryRunSnapshotId } from './dry-run-snapshot-id';
import { type ExitCode, exitCodes, UsageError } from './exit-codes';
import { openPayloadFile, type PayloadFile } from './payload-file';
import { createPushClient, type PushClient } from './push-client';
import { type AgentPushRequest, buildPushRequest, builtInPushSettings, type PushSettings } from './push-request';
import type { ExtractionResult } from '../lib/core/extract/extract-files';
import { parseScanArguments, type ScanCommand, type ScanTarget } from './scan-arguments';
import { scanDirectory, type ScanProgress } from './scan-directory';

export interface CommandIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The release, sent as User-Agent. */
  version: string;
  /** A scan still running after this long reports progress on stderr, and again at this interval. Default 2000 ms. */
  progressIntervalMs?: number;
}

const number = (n: number) => n.toLocaleString('en-US');

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Exit 2 when a directory is missing or not a directory; exit 1 when it cannot be reached (permissions). Resolves links on the command line itself. */
export async function checkDirectory(target: ScanTarget): Promise<{ path: string } | { exitCode: ExitCode; message: string }> {
  try {
    const info = await stat(target.path);
    if (!info.isDirectory()) return { exitCode: exitCodes.usage, message: `${target.directory} is not a directory` };
    // A link given on the command line is followed (as `cd` would); links inside are not.
    return { path: await realpath(target.path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { exitCode: exitCodes.usage, message: `${target.directory} does not exist` };
    return { exitCode: exitCodes.unreadable, message: `${target.directory} cannot be read: ${(error as Error).message}` };
  }
}

/** The settings the scan runs under: the server's, or in a dry run without a server the built-in ones. */
export async function pushSettingsFor(client: Pick<PushClient, 'settings'> | null, io: CommandIo): Promise<{ ok: true; settings: PushSettings } | { ok: false; exitCode: ExitCode; message: string }> {
  if (client === null) {
    io.stderr('svc: dry run without --url, --project and SVC_TOKEN: the built-in import limits apply and the server is not asked\n');
    return { ok: true, settings: builtInPushSettings(factFormatVersion) };
  }
  const answer = await client.settings();
  if (!answer.ok) return answer;
  if (answer.value.rulesVersion !== extractionRulesVersion) {
    return {
      ok: false,
      exitCode: exitCodes.pushRefused,
      message: `the server extracts with other rules (${answer.value.rulesVersion}) than this svc (${extractionRulesVersion}): update svc to the release the server runs and build it again (npm run build); no file was read`,
    };
  }
  return { ok: true, settings: answer.value };
}

export interface DirectoryRun {
  target: ScanTarget;
  root: string;
  scope: PathScope;
  limits: ScanLimits;
  settings: PushSettings;
}

/** One directory scanned into a push body, or why it could not be. */
export type ScannedDirectory =
  | { ok: true; body: AgentPushRequest; bodyText: string; bodyBytes: number; result: ExtractionResult; commitSha: string | null; afterScan: ExitCode; reported: boolean }
  | { ok: false; exitCode: ExitCode };

/**
 * Scans one directory (with progress on stderr after a while) into the body
 * a push or a check sends. `afterScan` is 1 when a file or folder could not
 * be read (the body is partial), else 0.
 */
export async function scanIntoBody(run: DirectoryRun, io: CommandIo, sends: 'push' | 'check'): Promise<ScannedDirectory> {
  const { target } = run;
  const label = target.directory;
  const progress: ScanProgress = { filesListed: 0, filesRead: 0, bytesRead: 0 };
  const interval = io.progressIntervalMs ?? 2000;
  let reported = false;
  const report = () => {
    reported = true;
    io.stderr(`svc: ${label}: ${number(progress.filesListed)} files listed, ${number(progress.filesRead)} read (${megabytes(progress.bytesRead)})\n`);
  };
  const timer = setInterval(report, interval);
  timer.unref();
  let scan: Awaited<ReturnType<typeof scanDirectory>>;
  let commitSha: string | null;
  try {
    commitSha = (await readGitHead(run.root))?.commitSha ?? null;
    scan = await scanDirectory(run.root, { scope: run.scope, limits: run.limits, rootAppName: target.name, progress });
  } catch (error) {
    const reason = error instanceof DirectoryWalkError ? error.message : `unexpected failure: ${(error as Error)?.message ?? String(error)}`;
    io.stderr(`svc: ${label}: cannot be read (${reason}); nothing ${sends === 'push' ? 'pushed' : 'checked'} for it\n`);
    return { ok: false, exitCode: exitCodes.unreadable };
  } finally {
    clearInterval(timer);
  }
  const { result } = scan;
  if (reported) io.stderr(`svc: ${label}: ${number(result.filesRead)} files read (${megabytes(result.bytesRead)}), ${number(result.facts.length)} facts\n`);
  const readProblem = scan.unlistableDirectories.length > 0 || scan.unreadableFiles.length > 0;
  for (const path of scan.unlistableDirectories) io.stderr(`svc: ${label}: the directory ${path} could not be listed: the ${sends} is partial\n`);
  for (const path of scan.unreadableFiles) io.stderr(`svc: ${label}: the file ${path} could not be read: the ${sends} is partial\n`);
  const body = buildPushRequest({ name: target.name, commitSha, scope: run.scope, limits: run.limits, result, sizes: scan.sizes });
  const bodyText = JSON.stringify(body);
  return { ok: true, body, bodyText, bodyBytes: Buffer.byteLength(bodyText), result, commitSha, afterScan: readProblem ? exitCodes.unreadable : exitCodes.ok, reported };
}

/** Scans and pushes one directory; resolves with its exit code. */
async function runDirectory(run: DirectoryRun, command: ScanCommand, client: PushClient | null, payload: PayloadFile | null, io: CommandIo): Promise<ExitCode> {
  const label = run.target.directory;
  const target = run.target;
  const scanned = await scanIntoBody(run, io, 'push');
  if (!scanned.ok) return scanned.exitCode;
  const { body, bodyText, bodyBytes, result, commitSha, afterScan, reported } = scanned;
  await payload?.append(bodyText);
  const counts = `${number(result.filesRead)} files read, ${number(result.skipped.length)} skipped, ${number(result.facts.length)} facts, ${result.isComplete ? 'complete' : 'partial'}, commit ${commitSha ?? 'none'}`;

  if (bodyBytes > run.settings.maxBodyBytes) {
    // One snapshot per push: a split push would store a partial snapshot, so the push is refused instead (docs/cli.md).
    io.stderr(
      `svc: ${label}: the push body is ${number(bodyBytes)} bytes, over the service's limit of ${number(run.settings.maxBodyBytes)} bytes (${number(result.facts.length)} facts); ` +
        'scan less of the checkout with --include or --exclude (one Source per part, named with --name)' +
        `${command.dryRun ? '' : '; nothing pushed'}\n`,
    );
    return exitCodes.pushRefused;
  }
  if (command.dryRun || client === null) {
    // One write per directory: the summary stays under its result line when several directories are scanned.
    io.stdout(`${label}: dry run, nothing pushed: snapshot ${dryRunSnapshotId(body)} (computed from the body); Source "${target.name}"; ${counts}; body ${number(bodyBytes)} bytes\n${diagnosticsSummary(result.diagnostics).join('')}`);
    return afterScan;
  }
  if (reported) io.stderr(`svc: ${label}: pushing ${megabytes(bodyBytes)}\n`);
  const pushed = await client.push(bodyText);
  if (!pushed.ok) {
    io.stderr(`svc: ${label}: ${pushed.message}\n`);
    return pushed.exitCode;
  }
  const { sourceId, scanId, snapshotId, proposals } = pushed.value;
  const proposed = proposals ? `; proposals: ${proposals.add} add, ${proposals.change} change, ${proposals.remove} remove` : '';
  io.stdout(`${label}: pushed snapshot ${snapshotId} of Source "${target.name}" (source ${sourceId}, scan ${scanId}); ${counts}${proposed}\n`);
  return afterScan;
}

async function runScan(command: ScanCommand, io: CommandIo): Promise<ExitCode> {
  const roots: string[] = [];
  for (const target of command.targets) {
    const checked = await checkDirectory(target);
    if ('exitCode' in checked) {
      io.stderr(`svc: ${checked.message}\n`);
      // Every directory is checked before anything is sent: a wrong one is a mistake in the command line.
      if (checked.exitCode === exitCodes.usage) return exitCodes.usage;
      roots.push('');
    } else roots.push(checked.path);
  }
  const payload = command.payloadPath === null ? null : await openPayloadFile(command.payloadPath);
  try {
    const client =
      command.url !== null && command.projectId !== null && command.token !== null
        ? createPushClient({ baseUrl: command.url, projectId: command.projectId, token: command.token, timeoutSeconds: command.timeoutSeconds, version: io.version })
        : null;
    const found = await pushSettingsFor(client, io);
    if (!found.ok) {
      io.stderr(`svc: ${found.message}\n`);
      return found.exitCode;
    }
    const { settings } = found;
    const limits = narrowScanLimits(settings.limits, command.limits);
    const scope: PathScope = { ...command.scope, excludeGlobs: [...settings.limits.excludeGlobs, ...command.scope.excludeGlobs] };
    let exitCode: ExitCode = exitCodes.ok;
    for (const [index, target] of command.targets.entries()) {
      const root = roots[index]!;
      // A directory that could not be reached was reported above; the others are still tried.
      const outcome = root === '' ? exitCodes.unreadable : await runDirectory({ target, root, scope, limits, settings }, command, client, payload, io);
      if (exitCode === exitCodes.ok) exitCode = outcome;
    }
    return exitCode;
  } finally {
    await payload?.close();
  }
}

/**
 * Runs `svc scan` with the arguments after `scan`; resolves with the exit code.
 *
 * @example
 * process.exitCode = await runScanCommand(['.', '--dry-run'], { env: process.env, cwd: process.cwd(), stdout, stderr, version: '0.1.0' });
 */
export async function runScanCommand(args: readonly string[], io: CommandIo): Promise<ExitCode> {
  try {
    return await runScan(parseScanArguments(args, io.env, io.cwd), io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`svc: ${error.message}\n`);
    return exitCodes.usage;
  }
}
