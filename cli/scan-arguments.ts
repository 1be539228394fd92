/**
 * The command line of `svc scan <dir>... [flags]` (part 2 "Command-line
 * tool", the flag table) read into what one run does. Pure: the environment
 * and the working directory are passed in; whether the directories exist is
 * checked later (run-scan-command.ts). Every mistake is a UsageError (exit 2)
 * that names the flag.
 */
import { basename, resolve } from 'node:path';
import { createPathFilter, type PathScope, PathScopeError } from '../lib/core/extract/path-filter';
import type { ScanLimits } from '../lib/core/extract/scan-limits';
import { isGuid } from '../lib/platform/text/text-rules';
import { sourceSlug } from '../lib/features/sources/source-slug';
import { UsageError } from './exit-codes';
import { serviceBaseUrl } from './service-address';

/** Longest and shortest `--timeout`, in seconds (part 2 "Limits": CLI timeout 1 to 3600). */
export const timeoutRange = { min: 1, max: 3600, default: 300 } as const;

/** One directory to scan and the Source it is pushed to. */
export interface ScanTarget {
  /** As given on the command line (for messages). */
  directory: string;
  /** Absolute. */
  path: string;
  /** The Source name: `--name`, else the folder's name. */
  name: string;
}

/** What one `svc scan` run does. */
export interface ScanCommand {
  targets: ScanTarget[];
  /** Base address without a trailing slash; null only in a dry run without one. */
  url: string | null;
  projectId: string | null;
  /** From SVC_TOKEN only; null only in a dry run without one. */
  token: string | null;
  /** The command line's own paths and globs; the workspace's import.excludeGlobs are added once known. */
  scope: PathScope;
  /** `--max-files` and the others: they can only make the workspace limits smaller. */
  limits: Partial<ScanLimits>;
  dryRun: boolean;
  payloadPath: string | null;
  timeoutSeconds: number;
  allowHttp: boolean;
}

export type FlagKind = 'value' | 'repeated' | 'switch';

/** Every flag of the table, and whether it takes a value, takes one each time it is repeated, or is a switch. */
export const scanFlags: Readonly<Record<string, FlagKind>> = {
  '--url': 'value',
  '--project': 'value',
  '--name': 'repeated',
  '--include': 'repeated',
  '--exclude': 'repeated',
  '--exclude-glob': 'repeated',
  '--max-files': 'value',
  '--max-file-bytes': 'value',
  '--max-total-bytes': 'value',
  '--dry-run': 'switch',
  '--payload': 'value',
  '--timeout': 'value',
  '--allow-http': 'switch',
};

interface RawArguments {
  directories: string[];
  values: Map<string, string>;
  repeated: Map<string, string[]>;
  switches: Set<string>;
}

function splitArguments(args: readonly string[], flags: Readonly<Record<string, FlagKind>>): RawArguments {
  const raw: RawArguments = { directories: [], values: new Map(), repeated: new Map(), switches: new Set() };
  let flagsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (flagsEnded || !arg.startsWith('-') || arg === '-') {
      raw.directories.push(arg);
      continue;
    }
    if (arg === '--') {
      flagsEnded = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    const kind = flags[flag];
    if (kind === undefined) {
      if (flag === '--token') throw new UsageError('--token is not a flag: the token is read from the SVC_TOKEN environment variable only (so that it never shows in a process list)');
      throw new UsageError(`unknown flag ${flag} (svc --help lists the flags)`);
    }
    if (kind === 'switch') {
      if (equals > 0) throw new UsageError(`${flag} takes no value`);
      raw.switches.add(flag);
      continue;
    }
    let value: string | undefined;
    if (equals > 0) value = arg.slice(equals + 1);
    else {
      value = args[i + 1];
      // A following flag is not a value: `--project --dry-run` forgot the project.
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i++;
    }
    if (kind === 'repeated') raw.repeated.set(flag, [...(raw.repeated.get(flag) ?? []), value]);
    else {
      if (raw.values.has(flag)) throw new UsageError(`${flag} is given twice`);
      raw.values.set(flag, value);
    }
  }
  return raw;
}

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${flag} must be a whole number, not "${text}"`);
  const value = Number(text.trim());
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new UsageError(`${flag} must be from ${min} to ${max}, not ${text}`);
  return value;
}

function given(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function targetsOf(directories: readonly string[], names: readonly string[], cwd: string): ScanTarget[] {
  const targets = directories.map((directory) => {
    const path = resolve(cwd, directory);
    return { directory, path, name: basename(path) };
  });
  const plain: string[] = [];
  for (const entry of names) {
    const equals = entry.indexOf('=');
    // `<dir>=<name>` when the part before `=` is one of the directories; otherwise the whole value is a name.
    const mapped = equals > 0 ? targets.filter((t) => t.path === resolve(cwd, entry.slice(0, equals))) : [];
    if (mapped.length > 0) for (const target of mapped) target.name = entry.slice(equals + 1).trim();
    else plain.push(entry.trim());
  }
  if (plain.length > 0) {
    if (targets.length > 1 || plain.length > 1) throw new UsageError('--name: with several directories, name each as --name <dir>=<name>');
    targets[0]!.name = plain[0]!;
  }
  const bySlug = new Map<string, ScanTarget>();
  for (const target of targets) {
    if (target.name === '') throw new UsageError(`--name: the Source name of ${target.directory} is empty`);
    const slug = sourceSlug(target.name);
    const other = bySlug.get(slug);
    if (other) throw new UsageError(`${other.directory} and ${target.directory} would push to the same Source "${target.name}": give each its own name with --name <dir>=<name>`);
    bySlug.set(slug, target);
  }
  return targets;
}

function scopeOf(raw: RawArguments): PathScope {
  const scope: PathScope = { includePaths: raw.repeated.get('--include') ?? [], excludePaths: raw.repeated.get('--exclude') ?? [], excludeGlobs: raw.repeated.get('--exclude-glob') ?? [] };
  try {
    createPathFilter(scope);
  } catch (error) {
    if (!(error instanceof PathScopeError)) throw error;
    // `includePaths[1]` → `--include` (the 2nd one).
    const match = /^(includePaths|excludePaths|excludeGlobs)\[(\d+)\]$/.exec(error.field);
    const flag = match ? { includePaths: '--include', excludePaths: '--exclude', excludeGlobs: '--exclude-glob' }[match[1] as 'includePaths'] : error.field;
    const value = match ? scope[match[1] as keyof PathScope][Number(match[2])] : '';
    throw new UsageError(`${flag} "${value}": ${error.message.slice(error.field.length + 2)}`);
  }
  return scope;
}

/** What `svc scan` and `svc check` read the same way: the directories, the service, the token, the scope and the limits. */
export interface CommandLineKind {
  /** The command's name, for messages. */
  name: 'scan' | 'check';
  flags: Readonly<Record<string, FlagKind>>;
  /** The scope SVC_TOKEN must have, for the message when it is missing. */
  tokenScope: 'push' | 'read';
}

const scanCommandLine: CommandLineKind = { name: 'scan', flags: scanFlags, tokenScope: 'push' };

/**
 * Reads a command line of the scan family. `env` gives SVC_TOKEN, SVC_URL and
 * SVC_PROJECT (a flag wins over its variable). Also answers the raw values, so
 * that a command reads its own flags from them.
 */
export function readScanCommandLine(args: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd: string, kind: CommandLineKind): { command: ScanCommand; values: ReadonlyMap<string, string> } {
  const raw = splitArguments(args, kind.flags);
  if (raw.directories.length === 0) throw new UsageError(`name at least one directory to ${kind.name}: svc ${kind.name} <dir>... [flags]`);
  const dryRun = raw.switches.has('--dry-run');
  const allowHttp = raw.switches.has('--allow-http');
  const urlText = given(raw.values.get('--url') ?? env.SVC_URL);
  const projectText = given(raw.values.get('--project') ?? env.SVC_PROJECT);
  const tokenText = env.SVC_TOKEN === undefined || env.SVC_TOKEN.trim() === '' ? null : env.SVC_TOKEN.trim();
  if (!dryRun) {
    if (urlText === null) throw new UsageError('the address of the service is missing: give --url or set SVC_URL');
    if (projectText === null) throw new UsageError(`the ${kind.name === 'scan' ? 'receiving' : 'checked'} project is missing: give --project or set SVC_PROJECT`);
    if (tokenText === null) throw new UsageError(`the token is missing: set SVC_TOKEN to an agent token with the ${kind.tokenScope} scope`);
  }
  const url = urlText === null ? null : serviceBaseUrl(urlText, allowHttp);
  if (projectText !== null && !isGuid(projectText)) throw new UsageError(`--project: "${projectText}" is not a project ID (a UUID)`);
  // A header cannot carry control characters; a token copied with one is wrong.
  if (tokenText !== null && /[\u0000-\u001f\u007f\s]/.test(tokenText)) throw new UsageError('SVC_TOKEN holds white space or control characters: it is not a token');
  const limits: Partial<ScanLimits> = {};
  const maxFiles = raw.values.get('--max-files');
  const maxFileBytes = raw.values.get('--max-file-bytes');
  const maxTotalBytes = raw.values.get('--max-total-bytes');
  if (maxFiles !== undefined) limits.maxFiles = wholeNumber('--max-files', maxFiles, 1, Number.MAX_SAFE_INTEGER);
  if (maxFileBytes !== undefined) limits.maxFileBytes = wholeNumber('--max-file-bytes', maxFileBytes, 1, Number.MAX_SAFE_INTEGER);
  if (maxTotalBytes !== undefined) limits.maxTotalBytes = wholeNumber('--max-total-bytes', maxTotalBytes, 1, Number.MAX_SAFE_INTEGER);
  const timeout = raw.values.get('--timeout');
  const payload = raw.values.get('--payload');
  if (payload !== undefined && payload.trim() === '') throw new UsageError('--payload needs a file name');
  const command: ScanCommand = {
    targets: targetsOf(raw.directories, raw.repeated.get('--name') ?? [], cwd),
    url,
    projectId: projectText?.toLowerCase() ?? null,
    token: tokenText,
    scope: scopeOf(raw),
    limits,
    dryRun,
    payloadPath: payload === undefined ? null : resolve(cwd, payload),
    timeoutSeconds: timeout === undefined ? timeoutRange.default : wholeNumber('--timeout', timeout, timeoutRange.min, timeoutRange.max),
    allowHttp,
  };
  return { command, values: raw.values };
}

/**
 * Reads the arguments after `scan`.
 *
 * @example
 * parseScanArguments(['.', '--dry-run'], {}, '/src/shop').targets[0].name // 'shop'
 */
export function parseScanArguments(args: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd: string): ScanCommand {
  return readScanCommandLine(args, env, cwd, scanCommandLine).command;
}
