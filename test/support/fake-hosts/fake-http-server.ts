import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server on 127.0.0.1 (port 0) that records every request and
 * can be told to answer the next matching requests differently: an error
 * status, a rate limit, a redirect. Each fake host builds on it with its own
 * routes and its own way of writing errors and rate limits.
 */

export interface FakeRequest {
  method: string;
  /** Path and query exactly as sent (percent-encoding kept: GitLab's `group%2Fproject` stays one segment). */
  rawPath: string;
  /** Raw path split on `/` and each segment decoded. */
  segments: string[];
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type FakeHandler = (request: FakeRequest, response: ServerResponse) => unknown;

export interface InterceptOptions {
  /** How many matching requests to answer this way (default 1). */
  times?: number;
  /** Which requests; every request when left out. */
  match?: (request: FakeRequest) => boolean;
}

interface Interception {
  remaining: number;
  match: (request: FakeRequest) => boolean;
  respond: FakeHandler;
}

export interface FakeHttpServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Answers the next matching request(s) with `respond` instead of the routes. */
  intercept(respond: FakeHandler, options?: InterceptOptions): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

export function sendBytes(response: ServerResponse, status: number, body: Buffer | string, headers: Record<string, string> = {}): void {
  const bytes = Buffer.from(body);
  response.writeHead(status, { 'content-type': 'application/octet-stream', 'content-length': bytes.length, ...headers });
  response.end(bytes);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts a server answering with `handler` (after any interception). */
export async function startFakeHttpServer(handler: FakeHandler): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const interceptions: Interception[] = [];
  const server = createServer(async (incoming, response) => {
    try {
      const rawPath = incoming.url ?? '/';
      const url = new URL(rawPath, 'http://fake.invalid');
      const body = await readBody(incoming);
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        rawPath,
        segments: url.pathname
          .split('/')
          .filter((segment) => segment !== '')
          .map((segment) => decodeURIComponent(segment)),
        query: url.searchParams,
        headers: incoming.headers,
        body,
      };
      requests.push({ method: request.method, path: rawPath, headers: incoming.headers, body });
      const interception = interceptions.find((candidate) => candidate.remaining > 0 && candidate.match(request));
      if (interception) {
        interception.remaining -= 1;
        await interception.respond(request, response);
        return;
      }
      await handler(request, response);
    } catch (error) {
      if (!response.headersSent) sendJson(response, 500, { message: `fake server failure: ${(error as Error).message}` });
      else response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    intercept(respond, options = {}) {
      interceptions.push({ remaining: options.times ?? 1, match: options.match ?? (() => true), respond });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The request's header as one string (the first when repeated), or undefined. */
export function headerOf(request: { headers: IncomingHttpHeaders }, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
