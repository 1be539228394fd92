/**
 * The two requests of `svc scan` (part 2 "Command-line tool": "The tool calls
 * `GET P/sources/push` … and `POST P/sources/push`, each with the token as
 * bearer credential"), each bounded by `--timeout`, and the mapping of every
 * answer to the exit code the table gives: 401/403 → 3; 400, 409, 413, 429 →
 * 4; a server failure, a timeout or no answer → 5. A 404 means the project
 * is not there for this token: the `--project` value is wrong (2).
 */
import { type ExitCode, exitCodes } from './exit-codes';
import { type PushResponse, pushResponseSchema, type PushSettings, pushSettingsSchema } from './push-request';

export type ServerOutcome<T> = { ok: true; value: T } | { ok: false; exitCode: ExitCode; message: string };

export interface PushClientOptions {
  /** Base address of the service, without a trailing slash. */
  baseUrl: string;
  projectId: string;
  token: string;
  timeoutSeconds: number;
  /** Sent as User-Agent. */
  version: string;
}

/** The service's error body (part 1 "Errors"), as far as it is there. */
interface Problem {
  type?: unknown;
  title?: unknown;
  detail?: unknown;
  errors?: unknown;
}

function problemText(status: number, text: string): string {
  let problem: Problem = {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed !== null && typeof parsed === 'object') problem = parsed as Problem;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const parts = [typeof problem.title === 'string' ? problem.title : `HTTP ${status}`];
  if (typeof problem.detail === 'string' && problem.detail !== '') parts.push(problem.detail);
  if (Array.isArray(problem.errors)) {
    for (const error of problem.errors.slice(0, 10) as { field?: unknown; message?: unknown }[]) {
      if (typeof error?.field === 'string' && typeof error?.message === 'string') parts.push(`${error.field}: ${error.message}`);
    }
  }
  return parts.join('; ').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '?').slice(0, 2000);
}

function refusal(status: number, text: string, headers: Headers, what: string, tokenScope: 'push' | 'read'): { exitCode: ExitCode; message: string } {
  const said = problemText(status, text);
  if (status === 401 || status === 403) {
    return { exitCode: exitCodes.tokenRefused, message: `the server refused the token (${status}: ${said}); SVC_TOKEN must be an agent token of the project's workspace with the ${tokenScope} scope` };
  }
  if (status === 404) return { exitCode: exitCodes.usage, message: `the server knows no such project for this token (404: ${said}); check --project or SVC_PROJECT` };
  if (status === 413) return { exitCode: exitCodes.pushRefused, message: `the server refused ${what} as too large (413: ${said}); narrow the scan with --include or --exclude` };
  if (status === 429) {
    const retry = headers.get('retry-after');
    return { exitCode: exitCodes.pushRefused, message: `the server refused ${what}: over a limit (429: ${said})${retry ? `; try again after ${retry} seconds` : ''}` };
  }
  if (status >= 400 && status < 500) return { exitCode: exitCodes.pushRefused, message: `the server refused ${what} (${status}: ${said})` };
  return { exitCode: exitCodes.serverFailure, message: `the server failed (${status}: ${said})` };
}

function failureOf(error: unknown, url: string, timeoutSeconds: number): { exitCode: ExitCode; message: string } {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return { exitCode: exitCodes.serverFailure, message: `no answer from ${url} within ${timeoutSeconds} s (--timeout)` };
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return { exitCode: exitCodes.serverFailure, message: `cannot reach ${url}: ${reason}` };
}

/**
 * The push requests of one project.
 *
 * @example
 * const client = createPushClient({ baseUrl: 'https://svc.example.com', projectId, token, timeoutSeconds: 300, version: '0.1.0' });
 * const settings = await client.settings();
 */
export function createPushClient(options: PushClientOptions) {
  const send = serviceRequests(options, 'sources/push', 'push');
  return {
    /** `GET P/sources/push`: the server's rules and the workspace's import limits. */
    settings: (): Promise<ServerOutcome<PushSettings>> => send('GET', undefined, 200, (v) => pushSettingsSchema.parse(v), 'the request'),
    /** `POST P/sources/push` with an AgentPushRequest as JSON text. */
    push: (body: string): Promise<ServerOutcome<PushResponse>> => send('POST', body, 201, (v) => pushResponseSchema.parse(v), 'the push'),
  };
}

export type PushClient = ReturnType<typeof createPushClient>;

/**
 * The requests of one endpoint of a project (`P/<path>`, GET and POST), each
 * bounded by `--timeout`, their answers mapped to exit codes as above.
 */
export function serviceRequests(options: PushClientOptions, path: string, tokenScope: 'push' | 'read') {
  const endpoint = `${options.baseUrl}/api/projects/${options.projectId}/${path}`;

  return async function send<T>(method: 'GET' | 'POST', body: string | undefined, expected: number, parse: (value: unknown) => T, what: string): Promise<ServerOutcome<T>> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(endpoint, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          'user-agent': `svc/${options.version}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body,
        // A redirect is reported, not followed: the token must not travel on to another address.
        redirect: 'manual',
        // Covers sending, waiting and reading the answer.
        signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
      });
      text = await response.text();
    } catch (error) {
      return { ok: false, ...failureOf(error, endpoint, options.timeoutSeconds) };
    }
    if (response.status >= 300 && response.status < 400) {
      return { ok: false, exitCode: exitCodes.serverFailure, message: `the server answered ${response.status} (a redirect to ${response.headers.get('location') ?? 'nowhere'}); give that address as --url` };
    }
    if (response.status !== expected) return { ok: false, ...refusal(response.status, text, response.headers, what, tokenScope) };
    try {
      return { ok: true, value: parse(JSON.parse(text)) };
    } catch {
      return { ok: false, exitCode: exitCodes.serverFailure, message: `the server's answer to ${method} ${endpoint} is not what svc expects (${text.slice(0, 200)})` };
    }
  };
}
