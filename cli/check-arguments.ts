/**
 * The command line of `svc check <dir>... [flags]`: the flags of `svc scan`
 * but `--dry-run` and `--payload` (a check stores nothing and sends one body
 * it does not keep), and `--fail-on` and `--format`. Pure; every mistake is a
 * UsageError (exit 2) naming the flag.
 */
import { UsageError } from './exit-codes';
import { failingStatuses, reportFormats, type FailingStatus, type ReportFormat } from './drift-report';
import { readScanCommandLine, scanFlags, type FlagKind, type ScanCommand } from './scan-arguments';

const { '--dry-run': _dryRun, '--payload': _payload, ...sharedFlags } = scanFlags;

/** Every flag of `svc check`. */
export const checkFlags: Readonly<Record<string, FlagKind>> = { ...sharedFlags, '--fail-on': 'value', '--format': 'value' };

export interface CheckCommand extends ScanCommand {
  failOn: FailingStatus[];
  format: ReportFormat;
}

function failOnOf(text: string | undefined): FailingStatus[] {
  if (text === undefined) return [...failingStatuses];
  const named = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  for (const status of named) {
    if (!(failingStatuses as readonly string[]).includes(status)) throw new UsageError(`--fail-on: "${status}" is not a drift kind (${failingStatuses.join(', ')})`);
  }
  if (named.length === 0) throw new UsageError(`--fail-on needs one or more of ${failingStatuses.join(', ')}, separated by commas`);
  // In report order, each once.
  return failingStatuses.filter((status) => named.includes(status));
}

/**
 * Reads the arguments after `check`.
 *
 * @example
 * parseCheckArguments(['.', '--fail-on', 'seen-not-documented'], env, '/src/shop').failOn // ['seen-not-documented']
 */
export function parseCheckArguments(args: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd: string): CheckCommand {
  const { command, values } = readScanCommandLine(args, env, cwd, { name: 'check', flags: checkFlags, tokenScope: 'read' });
  const format = values.get('--format') ?? 'text';
  if (!(reportFormats as readonly string[]).includes(format)) throw new UsageError(`--format: "${format}" is not one of ${reportFormats.join(', ')}`);
  return { ...command, failOn: failOnOf(values.get('--fail-on')), format: format as ReportFormat };
}
