/**
 * `svc diff <file-or-main> <file-or-main>` (docs/cli.md "svc diff"): compares
 * two model documents offline, or a document with a project's main, which is
 * read through the export with an agent token (SVC_TOKEN, read scope) as
 * `svc scan` takes its address and project. Prints Markdown (default) or the
 * diff's JSON: the same comparison, order and fingerprint as `GET P/diff`.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isGuid } from '../lib/platform/text/text-rules';
import { compareModels } from '../lib/core/model/diff/compare-records';
import { diffCounts, diffEntries, diffFingerprint } from '../lib/core/model/diff/diff-entries';
import { diffMarkdown } from '../lib/core/model/diff/diff-markdown';
import { readDocumentModel } from '../lib/core/model/diff/read-document-model';
import type { ModelSnapshot } from '../lib/core/model/model-records';
import { exitCodes, type ExitCode, UsageError } from './exit-codes';
import { serviceBaseUrl } from './service-address';

export interface DiffCommandContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  version: string;
}

interface DiffArguments {
  operands: [string, string];
  format: 'markdown' | 'json';
  url: string | null;
  projectId: string | null;
  token: string | null;
  allowHttp: boolean;
}

function readArguments(args: readonly string[], env: NodeJS.ProcessEnv): DiffArguments {
  const operands: string[] = [];
  let format: 'markdown' | 'json' = 'markdown';
  let url = env.SVC_URL?.trim() || null;
  let project = env.SVC_PROJECT?.trim() || null;
  let allowHttp = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--format') {
      const given = value();
      if (given !== 'markdown' && given !== 'json') throw new UsageError(`--format: "${given}" is not markdown or json`);
      format = given;
    } else if (arg === '--url') url = value();
    else if (arg === '--project') project = value();
    else if (arg === '--allow-http') allowHttp = true;
    else if (arg === '--token') throw new UsageError('--token is not a flag: the token is read from the SVC_TOKEN environment variable only');
    else if (arg.startsWith('--')) throw new UsageError(`unknown flag ${arg}`);
    else operands.push(arg);
  }
  if (operands.length !== 2) throw new UsageError('svc diff takes two operands: two model document files, or a file and main');
  if (operands[0] === 'main' && operands[1] === 'main') throw new UsageError('main compared with main: give at least one model document file');
  const token = env.SVC_TOKEN?.trim() || null;
  if (operands.includes('main')) {
    if (url === null) throw new UsageError('main needs the address of the service: give --url or set SVC_URL');
    if (project === null) throw new UsageError('main needs the project: give --project or set SVC_PROJECT');
    if (!isGuid(project)) throw new UsageError(`--project: "${project}" is not a project ID (a UUID)`);
    if (token === null) throw new UsageError('main needs SVC_TOKEN: an agent token of the workspace with the read scope');
  }
  return { operands: operands as [string, string], format, url: url === null ? null : serviceBaseUrl(url, allowHttp), projectId: project?.toLowerCase() ?? null, token, allowHttp };
}

type Side = { ok: true; model: ModelSnapshot; name: string } | { ok: false; exitCode: ExitCode; message: string };

async function readFileSide(path: string, cwd: string): Promise<Side> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    return { ok: false, exitCode: exitCodes.unreadable, message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  return sideOfText(text, path);
}

function sideOfText(text: string, name: string): Side {
  const read = readDocumentModel(text);
  if (!read.ok) return { ok: false, exitCode: exitCodes.pushRefused, message: `${name} is no model document: ${read.reasons.slice(0, 10).join('; ')}` };
  return { ok: true, model: read.model, name };
}

async function readMainSide(args: DiffArguments, version: string): Promise<Side> {
  const endpoint = `${args.url}/api/projects/${args.projectId}/export?format=json`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint, { headers: { authorization: `Bearer ${args.token}`, accept: 'application/json', 'user-agent': `svc/${version}` }, redirect: 'manual', signal: AbortSignal.timeout(300_000) });
    text = await response.text();
  } catch (error) {
    return { ok: false, exitCode: exitCodes.serverFailure, message: `cannot reach ${endpoint}: ${(error as Error).message}` };
  }
  if (response.status === 401 || response.status === 403) return { ok: false, exitCode: exitCodes.tokenRefused, message: `the server refused the token (${response.status}); SVC_TOKEN must be an agent token of the project's workspace with the read scope` };
  if (response.status === 404) return { ok: false, exitCode: exitCodes.usage, message: 'the server knows no such project for this token (404); check --project or SVC_PROJECT' };
  if (response.status !== 200) return { ok: false, exitCode: exitCodes.serverFailure, message: `the server answered ${response.status} to GET ${endpoint}` };
  return sideOfText(text, `main (model version ${response.headers.get('model-version') ?? '?'})`);
}

/** Runs `svc diff`; the exit code: 0 compared, 1 a file unreadable, 2 usage, 3 token refused, 4 not a model document, 5 the server failed. */
export async function runDiffCommand(args: readonly string[], context: DiffCommandContext): Promise<number> {
  let parsed: DiffArguments;
  try {
    parsed = readArguments(args, context.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    context.stderr(`svc diff: ${error.message}\n`);
    return exitCodes.usage;
  }
  const sides: Side[] = [];
  for (const operand of parsed.operands) sides.push(operand === 'main' ? await readMainSide(parsed, context.version) : await readFileSide(operand, context.cwd));
  for (const side of sides) {
    if (!side.ok) {
      context.stderr(`svc diff: ${side.message}\n`);
      return side.exitCode;
    }
  }
  const [from, to] = sides as [Extract<Side, { ok: true }>, Extract<Side, { ok: true }>];
  const entries = diffEntries(compareModels(from.model, to.model));
  const fingerprint = diffFingerprint(entries);
  if (parsed.format === 'json') context.stdout(`${JSON.stringify({ from: from.name, to: to.name, fingerprint, counts: diffCounts(entries), total: entries.length, items: entries }, null, 2)}\n`);
  else context.stdout(diffMarkdown({ from: from.name, to: to.name, fingerprint, entries }));
  return exitCodes.ok;
}
