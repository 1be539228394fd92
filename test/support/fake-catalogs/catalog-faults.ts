import type { ServerResponse } from 'node:http';
import { type FakeHttpServer, type InterceptOptions, type RecordedRequest, sendJson } from '../fake-hosts/fake-http-server';

/**
 * What the three fake price catalogs share: the address a test gives the service, the requests
 * they received, and the switches that make the next answers fail the ways a real catalog can:
 * an error status, an answer slower than the service waits, JSON that does not parse, or JSON of
 * another shape.
 */
export interface FakeCatalog {
  readonly origin: string;
  /** What the service is pointed at: the origin, plus the API path for Azure (its setting holds the whole address). */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** The next matching answer(s): this status with the catalog's own error body. */
  failNext(status: number, options?: InterceptOptions): void;
  /** The next matching answer(s) come only after `delayMs` (then a valid-looking empty body). */
  delayNext(delayMs: number, options?: InterceptOptions): void;
  /** The next matching answer(s): 200, `application/json`, a body cut in the middle. */
  malformedNext(options?: InterceptOptions): void;
  /** The next matching answer(s): 200 with this JSON value. */
  answerNext(body: unknown, options?: InterceptOptions): void;
  close(): Promise<void>;
}

export function catalogFaults(server: FakeHttpServer, baseUrl: string, errorBody: (status: number) => unknown): FakeCatalog {
  return {
    origin: server.origin,
    baseUrl,
    requests: server.requests,
    failNext(status, options) {
      server.intercept((_, response) => sendJson(response, status, errorBody(status)), options);
    },
    delayNext(delayMs, options) {
      server.intercept(async (_, response: ServerResponse) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (!response.destroyed) sendJson(response, 200, {});
      }, options);
    },
    malformedNext(options) {
      server.intercept((_, response) => {
        const text = '{"Items": [{"meterId": "cut-he';
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
        response.end(text);
      }, options);
    },
    answerNext(body, options) {
      server.intercept((_, response) => sendJson(response, 200, body), options);
    },
    close: () => server.close(),
  };
}
