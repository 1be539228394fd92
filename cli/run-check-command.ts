/**
 * `svc check <dir>... [--fail-on kinds] [--format text|markdown|json]`: scans
 * each directory exactly as `svc scan` does (the server's rules and limits,
 * read with `GET P/drift/check`), sends the snapshot to `POST P/drift/check`,
 * which computes its drift against main and stores nothing, and prints the
 * report on stdout. Exit 6 when a chosen drift kind is present; 1 to 5 keep
 * the meanings of `svc scan`; with several directories, the code of the first
 * directory that did not pass.
 */
import { narrowScanLimits } from '../lib/core/extract/scan-limits';
import type { PathScope } from '../lib/core/extract/path-filter';
import { parseCheckArguments, type CheckCommand } from './check-arguments';
import { type CheckClient, createCheckClient } from './check-client';
import { type DirectoryDrift, failingFound, jsonReport, markdownReport, textReport } from './drift-report';
import { type ExitCode, exitCodes, UsageError } from './exit-codes';
import { checkDirectory, type CommandIo, type DirectoryRun, pushSettingsFor, scanIntoBody } from './run-scan-command';

const number = (n: number) => n.toLocaleString('en-US');

/** Scans and checks one directory: its report, or the exit code of why there is none. */
async function checkOne(run: DirectoryRun, client: CheckClient, io: CommandIo): Promise<{ exitCode: ExitCode; report: DirectoryDrift | null }> {
  const label = run.target.directory;
  const scanned = await scanIntoBody(run, io, 'check');
  if (!scanned.ok) return { exitCode: scanned.exitCode, report: null };
  if (scanned.bodyBytes > run.settings.maxBodyBytes) {
    io.stderr(`svc: ${label}: the snapshot is ${number(scanned.bodyBytes)} bytes, over the service's limit of ${number(run.settings.maxBodyBytes)} bytes; check less of the checkout with --include or --exclude; nothing checked\n`);
    return { exitCode: exitCodes.pushRefused, report: null };
  }
  const answer = await client.check(scanned.bodyText);
  if (!answer.ok) {
    io.stderr(`svc: ${label}: ${answer.message}\n`);
    return { exitCode: answer.exitCode, report: null };
  }
  return { exitCode: scanned.afterScan, report: { directory: label, check: answer.value, failOn: [] } };
}

async function runCheck(command: CheckCommand, io: CommandIo): Promise<ExitCode> {
  const roots: string[] = [];
  for (const target of command.targets) {
    const checked = await checkDirectory(target);
    if ('exitCode' in checked) {
      io.stderr(`svc: ${checked.message}\n`);
      if (checked.exitCode === exitCodes.usage) return exitCodes.usage;
      roots.push('');
    } else roots.push(checked.path);
  }
  const client = createCheckClient({ baseUrl: command.url!, projectId: command.projectId!, token: command.token!, timeoutSeconds: command.timeoutSeconds, version: io.version });
  const found = await pushSettingsFor(client, io);
  if (!found.ok) {
    io.stderr(`svc: ${found.message}\n`);
    return found.exitCode;
  }
  const { settings } = found;
  const limits = narrowScanLimits(settings.limits, command.limits);
  const scope: PathScope = { ...command.scope, excludeGlobs: [...settings.limits.excludeGlobs, ...command.scope.excludeGlobs] };
  let exitCode: ExitCode = exitCodes.ok;
  const reports: DirectoryDrift[] = [];
  for (const [index, target] of command.targets.entries()) {
    const root = roots[index]!;
    const outcome = root === '' ? { exitCode: exitCodes.unreadable, report: null } : await checkOne({ target, root, scope, limits, settings }, client, io);
    let code = outcome.exitCode;
    if (outcome.report) {
      const report = { ...outcome.report, failOn: command.failOn };
      reports.push(report);
      if (command.format === 'text') io.stdout(textReport(report));
      if (command.format === 'markdown') io.stdout(`${reports.length > 1 ? '\n' : ''}${markdownReport(report)}`);
      if (code === exitCodes.ok && failingFound(report).length > 0) code = exitCodes.driftFound;
    }
    if (exitCode === exitCodes.ok) exitCode = code;
  }
  // One JSON document for the whole run, so that a program reads it in one go.
  if (command.format === 'json') io.stdout(jsonReport(reports));
  return exitCode;
}

/**
 * Runs `svc check` with the arguments after `check`; resolves with the exit code.
 *
 * @example
 * process.exitCode = await runCheckCommand(['.', '--format', 'markdown'], { env: process.env, cwd: process.cwd(), stdout, stderr, version: '0.1.0' });
 */
export async function runCheckCommand(args: readonly string[], io: CommandIo): Promise<ExitCode> {
  try {
    return await runCheck(parseCheckArguments(args, io.env, io.cwd), io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`svc: ${error.message}\n`);
    return exitCodes.usage;
  }
}
