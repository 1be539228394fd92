import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Context } from 'aws-lambda';
import { hostNotAllowed, type HostTest } from '../lib/platform/http/allowed-hosts';
import { HttpProblem } from '../lib/platform/http/problem';
import { problemToResponse, toServiceResult } from '../lib/platform/http/response';
import { createRouteMatcher, type RouteMatch } from '../lib/platform/http/route-matcher';
import { routeKeyOf, type RouteDefinition } from '../lib/platform/http/route-definition';
import type { ServiceEvent, ServiceResult } from '../lib/platform/http/service-event';
import { writeAccessLine } from '../lib/platform/http/access-line';
import { unmatchedRouteProblem } from '../lib/platform/http/unmatched-route';
import type { Logger } from '../lib/platform/runtime/logger';

export type LambdaHandler = (event: ServiceEvent, context: Context) => Promise<ServiceResult>;

export interface HttpShimOptions {
  routes: readonly RouteDefinition[];
  /** One handler per function group, as bundled for the function deployment. */
  handlers: Readonly<Record<string, LambdaHandler>>;
  log: Logger;
  /**
   * AllowedHosts, checked before the shim's own answers (404, 405, 413) too;
   * the handlers check it again, as they do in a function deployment.
   */
  isAllowedHost: HostTest;
}

export interface HttpShim {
  server: Server;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes every connection. */
  drain(timeoutMs: number): Promise<void>;
}

/** API Gateway's name for the catch-all route: the access line's route key of a request that matched none. */
const unmatchedRouteKey = '$default';

/** A body sent to a route that reads none is discarded up to this size. */
const ignoredBodyLimitBytes = 1024 * 1024;

const textualContentType = /json|yaml|text\/|xml|x-www-form-urlencoded/i;

/** Characters from which a text body is encoded before it is sent. */
const largeTextBody = 64 * 1024;

function sendResult(res: ServerResponse, result: ServiceResult, closeConnection = false): void {
  // A flat [name, value, …] list: node writes it without building a header map.
  const headers: (string | string[])[] = [];
  const given = result.headers as Record<string, string> | undefined;
  if (given) for (const name in given) headers.push(name, given[name]!);
  if (result.cookies && result.cookies.length > 0) headers.push('set-cookie', result.cookies);
  if (closeConnection) headers.push('connection', 'close');
  const text = result.body ?? '';
  // A large text is encoded once, its length read from the bytes (measuring, then writing a string encodes it twice);
  // a small one goes as a string, which node sends in one write with the head.
  const body = result.isBase64Encoded ? Buffer.from(text, 'base64') : text.length >= largeTextBody ? Buffer.from(text, 'utf8') : text;
  headers.push('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
  res.writeHead(result.statusCode ?? 200, headers as string[]);
  res.end(body);
}

function sendProblem(res: ServerResponse, problem: HttpProblem, closeConnection = false): void {
  sendResult(res, toServiceResult(problemToResponse(problem)), closeConnection);
}

/**
 * Lower-case header map from the raw list (node builds `req.headers` lazily;
 * reading the raw list once is cheaper). Repeated headers join with a comma,
 * cookies with "; ", as API Gateway does.
 */
function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const existing = headers[name];
    headers[name] = existing === undefined ? raw[i + 1]! : `${existing}${name === 'cookie' ? '; ' : ','}${raw[i + 1]}`;
  }
  return headers;
}

/** API Gateway splits the Cookie header into entries, and leaves it out of `headers`. */
function cookiesOf(headers: Record<string, string>): string[] | undefined {
  const cookie = headers.cookie;
  if (cookie === undefined) return undefined;
  delete headers.cookie;
  return cookie.split(';').map((c) => c.trim()).filter((c) => c !== '');
}

function toEvent(req: IncomingMessage, headers: Record<string, string>, match: RouteMatch, routeKey: string, path: string, rawQuery: string, body: Buffer | null): ServiceEvent {
  const now = Date.now();
  const cookies = cookiesOf(headers);
  const hasBody = body !== null && body.length > 0;
  // Bytes that are not UTF-8 go on as base64, so that the body reader can refuse them instead of reading U+FFFD.
  const textual = hasBody && match.route.body !== 'raw' && textualContentType.test(headers['content-type'] ?? 'application/json') && isUtf8(body);
  const host = headers.host ?? '';
  const dot = host.indexOf('.');
  const query = rawQuery === '' ? undefined : Object.fromEntries(new URLSearchParams(rawQuery));
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: rawQuery,
    cookies,
    headers,
    queryStringParameters: query,
    pathParameters: match.pathParameters,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: host,
      domainPrefix: dot < 0 ? host : host.slice(0, dot),
      http: {
        method: req.method ?? 'GET',
        path,
        protocol: req.httpVersion === '1.1' ? 'HTTP/1.1' : `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now,
    },
    body: !hasBody ? undefined : textual ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: hasBody && !textual,
    svcSocketScheme: 'http',
  };
}

const contextPrototype = {
  callbackWaitsForEmptyEventLoop: false,
  functionVersion: '$LATEST',
  memoryLimitInMB: '0',
  logGroupName: 'local',
  logStreamName: 'local',
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
};

/** The Lambda context of one invocation; the constant members sit on a shared prototype. */
function lambdaContext(requestId: string, group: string): Context {
  const context = Object.create(contextPrototype) as Record<string, unknown>;
  context.awsRequestId = requestId;
  context.functionName = `svc-${group}`;
  context.invokedFunctionArn = `local:svc-${group}`;
  return context as unknown as Context;
}

let cachedSecond = 0;
let cachedTime = '';

/** `requestContext.time`, formatted once per second. */
function requestTime(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedTime = new Date(now).toUTCString();
  }
  return cachedTime;
}

/**
 * Reads a body up to `limit` bytes. Answers null when the body is larger; the
 * caller then replies 413 without reading further.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!done) reject(error);
    });
  });
}

/**
 * The single-container server: every request becomes the API Gateway event of
 * its route and goes to that route's function-group handler, exactly as in a
 * function deployment. Unknown paths, wrong methods and oversized bodies are
 * answered here in the spec's error body.
 */
export function createHttpShim(options: HttpShimOptions): HttpShim {
  const matchRoute = createRouteMatcher(options.routes);
  // One key string per route, made once: the handler looks the route up by it, and a string seen before hashes for free.
  const routeKeys = new Map(options.routes.map((route) => [route, routeKeyOf(route)]));
  let inFlight = 0;
  let draining = false;
  let onIdle: (() => void) | undefined;

  // The shim's own answers get their access line here; every other request gets it from its function.
  const answerItself = (res: ServerResponse, problem: HttpProblem, routeKey: string, startedAt: number, closeConnection = false): void => {
    sendProblem(res, problem, closeConnection);
    writeAccessLine(options.log, { requestId: randomUUID(), routeKey, status: problem.status, durationMs: Date.now() - startedAt, callerKind: 'anonymous' });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const startedAt = Date.now();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const rawQuery = q < 0 ? '' : url.slice(q + 1);
    const host = req.headers.host;
    if (!options.isAllowedHost(host)) {
      answerItself(res, hostNotAllowed(host), unmatchedRouteKey, startedAt, true);
      if (!req.complete) res.once('finish', () => req.destroy());
      return;
    }
    // HEAD is answered as GET without a body (Node drops the body of a HEAD response).
    const lookup = matchRoute(req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'), path);
    if (lookup.kind !== 'found') {
      answerItself(res, unmatchedRouteProblem(lookup, req.method ?? 'GET', path), unmatchedRouteKey, startedAt);
      return;
    }
    const { route } = lookup.match;
    const routeKey = routeKeys.get(route) ?? routeKeyOf(route);
    const limit = route.body === 'none' ? ignoredBodyLimitBytes : route.bodyLimitBytes;
    const headers = headersOf(req);
    const declared = Number(headers['content-length'] ?? 0);
    // Part 1: "413 before the body is read past" the limit.
    if (declared > limit) {
      answerItself(res, HttpProblem.payloadTooLarge(route.bodyLimitBytes, route.tooLargeType), routeKey, startedAt, true);
      res.once('finish', () => req.destroy());
      return;
    }
    const hasBody = declared > 0 || headers['transfer-encoding'] !== undefined;
    const body = hasBody ? await readBody(req, limit) : Buffer.alloc(0);
    if (body === null) {
      answerItself(res, HttpProblem.payloadTooLarge(route.bodyLimitBytes, route.tooLargeType), routeKey, startedAt, true);
      res.once('finish', () => req.destroy());
      return;
    }
    const event = toEvent(req, headers, lookup.match, routeKey, path, rawQuery, route.body === 'none' ? null : body);
    const handler = options.handlers[route.group];
    if (!handler) throw new Error(`no handler for function group ${route.group}`);
    const result = await handler(event, lambdaContext(event.requestContext.requestId, route.group));
    sendResult(res, result, draining);
  };

  // A failure line names the route pattern, never the path: a path can carry a share token or an ID.
  const routeOfRequest = (req: IncomingMessage): string => {
    const lookup = matchRoute(req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'), (req.url ?? '/').split('?')[0]!);
    return lookup.kind === 'found' ? (routeKeys.get(lookup.match.route) ?? routeKeyOf(lookup.match.route)) : `${req.method} (no route)`;
  };

  const settled = () => {
    inFlight--;
    if (inFlight === 0 && onIdle) onIdle();
  };
  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    inFlight++;
    handle(req, res).then(settled, (error: unknown) => {
      // A client that hangs up mid-body is not a service failure.
      if (req.destroyed || (error as NodeJS.ErrnoException)?.code === 'ECONNRESET' || (error as Error)?.message === 'aborted') {
        options.log.debug(`request ${routeOfRequest(req)} ended by the client`);
      } else {
        options.log.error(`request ${routeOfRequest(req)} failed in the shim`, error);
      }
      try {
        if (!res.headersSent) sendProblem(res, HttpProblem.internal(error), true);
        else res.destroy();
      } finally {
        settled();
      }
    });
  });
  // A request the HTTP parser cannot read still gets the error body (Node's own
  // statuses: 431 for oversized headers, 408 for a timeout, else 400), unless
  // an answer on this connection has already begun.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const pendingResponse = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || pendingResponse?.headersSent) {
      socket.destroy();
      return;
    }
    const problem =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new HttpProblem(431, 'headers_too_large', 'Request headers too large')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new HttpProblem(408, 'request_timeout', 'Request timeout', { detail: 'The request did not arrive in time.' })
          : new HttpProblem(400, 'bad_request', 'Malformed HTTP request', { detail: 'The request could not be read as HTTP/1.1.' });
    const result = toServiceResult(problemToResponse(problem));
    const body = result.body ?? '';
    const head = [`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}`];
    for (const [name, value] of Object.entries(result.headers ?? {})) head.push(`${name}: ${String(value)}`);
    head.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close');
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  });

  return {
    server,
    async drain(timeoutMs: number) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          onIdle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      server.closeAllConnections();
      await closed;
    },
  };
}
