import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The project root: bundles are read from its dist/ folder (`npm run build`). */
export const projectRoot = resolve(import.meta.dirname, '../..');

/**
 * Runs in the child, beside the copied bundle: proves no package can be
 * resolved from here, then invokes the handler once per message, like one
 * Lambda execution environment (one event at a time, module state kept).
 */
const runnerSource = `
import { randomUUID } from 'node:crypto';
try {
  await import('pg');
  process.send({ kind: 'fatal', message: 'a node_modules folder is reachable from ' + process.cwd() });
  process.exit(1);
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
}
const { handler } = await import('./handler.mjs');
process.on('message', async ({ id, event }) => {
  const deadline = Date.now() + 29_000;
  const context = {
    awsRequestId: randomUUID(),
    functionName: 'svc-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:svc-test',
    memoryLimitInMB: '512',
    logGroupName: '/aws/lambda/svc-test',
    logStreamName: 'test',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => deadline - Date.now(),
  };
  try {
    process.send({ kind: 'result', id, value: (await handler(event, context)) ?? null });
  } catch (error) {
    process.send({ kind: 'threw', id, message: String(error?.stack ?? error) });
  }
});
process.send({ kind: 'ready' });
`;

export type Invocation = { kind: 'result'; value: any } | { kind: 'threw'; message: string };

export interface RunningBundle {
  /** The folder the bundle was copied to and runs from. */
  folder: string;
  /** The handler's answer to one event; a throw comes back as `{ kind: 'threw' }` (Lambda's bare 500). */
  invoke(event: unknown): Promise<Invocation>;
  /** Everything the process wrote to stdout and stderr so far (the function's log). */
  output(): string;
  /**
   * The log once `done` holds for it (or after `timeoutMs`, as it is then): the answer comes back over
   * IPC, which may overtake the lines the process wrote to its pipes just before.
   */
  waitForOutput(done: (log: string) => boolean, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Copies the bundle folder `dist/<relative>` (handler.mjs, its source map and what else it holds)
 * to a temporary folder outside the repository and runs it with plain node and
 * only `env` (plus PATH): what a Lambda execution environment gives it.
 */
export async function startBundle(relative: string, env: Record<string, string>): Promise<RunningBundle> {
  const source = join(projectRoot, 'dist', relative);
  const folder = await mkdtemp(join(tmpdir(), 'svc-bundle-'));
  for (let d = folder; d !== dirname(d); d = dirname(d)) {
    if (existsSync(join(dirname(d), 'node_modules'))) throw new Error(`${dirname(d)}/node_modules exists: the bundle would not run alone`);
  }
  // Folders too: the web group carries the client's files in client/.
  await cp(source, folder, { recursive: true });
  await writeFile(join(folder, 'runner.mjs'), runnerSource);

  let log = '';
  const child: ChildProcess = fork(join(folder, 'runner.mjs'), [], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));

  const pending = new Map<number, (answer: Invocation) => void>();
  let ready!: () => void;
  let failed!: (error: Error) => void;
  const started = new Promise<void>((res, rej) => {
    ready = res;
    failed = rej;
  });
  child.on('message', (message: any) => {
    if (message.kind === 'ready') ready();
    else if (message.kind === 'fatal') failed(new Error(message.message));
    else {
      const { id, ...answer } = message;
      pending.get(id)?.(answer);
      pending.delete(id);
    }
  });
  child.on('exit', (code) => {
    failed(new Error(`the bundle process exited (${code}) before it was ready:\n${log}`));
    for (const answer of pending.values()) answer({ kind: 'threw', message: `process exited (${code})` });
  });
  await started;

  let next = 0;
  return {
    folder,
    invoke(event) {
      const id = next++;
      return new Promise((res) => {
        pending.set(id, res);
        child.send({ id, event });
      });
    },
    output: () => log,
    async waitForOutput(done, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(log) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return log;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((res) => child.once('exit', res));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

export interface ApiRequestOptions {
  /** Values of the path's `{name}` parameters; a greedy `{name+}` is given by its name and keeps its slashes. */
  params?: Record<string, string>;
  headers?: Record<string, string>;
  cookies?: string[];
  json?: unknown;
  /** A body of another type, sent base64-encoded as the gateway sends bytes. */
  form?: { text: string; contentType: string };
  query?: string;
}

/**
 * An API Gateway HTTP API (payload 2.0) event for `method route`, as the
 * gateway sends it: lower-case headers, cookies apart, the route key with the
 * path template, the raw path filled in, a JSON body as text.
 */
export function apiGatewayEvent(method: string, route: string, options: ApiRequestOptions = {}, host = 'svc.example.test'): unknown {
  const params = options.params ?? {};
  const rawPath = route.replace(/\{([^}+]+)(\+?)\}/g, (_, name: string, greedy: string) =>
    greedy ? (params[name] ?? '').split('/').map(encodeURIComponent).join('/') : encodeURIComponent(params[name] ?? ''),
  );
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const form = options.form === undefined ? undefined : Buffer.from(options.form.text, 'utf8');
  const headers: Record<string, string> = {
    host,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) svc-bundle-test',
    accept: 'application/json',
    'x-forwarded-for': '198.51.100.7',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
    ...(form === undefined ? {} : { 'content-type': options.form!.contentType, 'content-length': String(form.length) }),
    ...options.headers,
  };
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${method} ${route}`,
    rawPath,
    rawQueryString: options.query ?? '',
    ...(options.cookies && options.cookies.length > 0 ? { cookies: options.cookies } : {}),
    headers,
    ...(Object.keys(params).length > 0 ? { pathParameters: params } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: 'abcdef1234',
      domainName: host,
      domainPrefix: host.split('.')[0],
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: headers['user-agent'] },
      requestId: `req-${Math.random().toString(36).slice(2)}`,
      routeKey: `${method} ${route}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body === undefined ? {} : { body }),
    ...(form === undefined ? {} : { body: form.toString('base64') }),
    isBase64Encoded: form !== undefined,
  };
}
