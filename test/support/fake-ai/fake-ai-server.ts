import type { ServerResponse } from 'node:http';
import { type FakeRequest, startFakeHttpServer } from '../fake-hosts/fake-http-server';

/**
 * The part every fake AI API shares: a local server on 127.0.0.1 that records each request (body
 * parsed), checks the API key, and answers in its API's own shapes (a dialect per API) with what
 * the test asked for: the model's JSON answer (from a responder), raw text, an error status, a
 * slow answer, or an answer without usage. Non-streaming and streaming (SSE) both, as the request
 * asks.
 */

export type FakeAiKind = 'openai' | 'anthropic' | 'gemini';

export interface FakeAiRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent. */
  rawBody: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  body: any;
  /** The model the request names. */
  model: string;
  stream: boolean;
}

/** What the next request(s) get instead of the responder's answer. */
export type FakeAiBehaviour =
  /** The model's answer is this text, as it is (not JSON, a fenced block…). */
  | { kind: 'text'; text: string }
  /** An error of the API: 429 with retry headers, 500, 503… in the API's error body. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** The responder's answer after `delayMs` (nothing is sent before). */
  | { kind: 'slow'; delayMs: number }
  /** The responder's answer without any usage fields. */
  | { kind: 'no-usage' };

export interface FakeAiUsage {
  inputTokens: number;
  outputTokens: number;
}

/** What a dialect writes: the answer text (or the object for a tool call) and the usage. */
export interface FakeAiAnswer {
  request: FakeAiRequest;
  /** The model's answer: JSON text of the responder's value, or a behaviour's raw text. */
  text: string;
  /** The responder's value, when the answer is one (for Anthropic's tool input). */
  value: unknown;
  usage: FakeAiUsage | null;
}

export interface FakeAiDialect {
  kind: FakeAiKind;
  /** What a provider's `baseUrl` is set to for this fake. */
  baseUrlOf(origin: string): string;
  /** The model and whether it streams; null when the path is none of the API's. */
  route(request: FakeRequest, body: any): { model: string; stream: boolean } | null;
  /** The API key as the request carries it. */
  keyOf(request: FakeRequest): string | undefined;
  unauthorized(response: ServerResponse): void;
  error(response: ServerResponse, status: number, retryAfterSeconds: number | undefined): void;
  answer(response: ServerResponse, answer: FakeAiAnswer): void;
  notFound(response: ServerResponse): void;
}

export interface FakeAiServer {
  readonly kind: FakeAiKind;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** The provider `baseUrl` that reaches this fake. */
  readonly baseUrl: string;
  /** Every request received, in order. */
  readonly requests: FakeAiRequest[];
  /** The API key requests must carry; a request without it gets the API's 401. */
  apiKey: string;
  /** The tokens each answer reports. */
  usage: FakeAiUsage;
  /** What the model answers (a JSON value); default `{}`. */
  respondWith(responder: (request: FakeAiRequest) => unknown): void;
  /** The next `times` requests (default 1) get `behaviour`. */
  next(behaviour: FakeAiBehaviour, times?: number): void;
  /** Forgets the recorded requests and pending behaviours. */
  reset(): void;
  close(): Promise<void>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Starts a fake of one AI API on 127.0.0.1. */
export async function startFakeAiServer(dialect: FakeAiDialect, options: { apiKey?: string } = {}): Promise<FakeAiServer> {
  const requests: FakeAiRequest[] = [];
  const pending: { behaviour: FakeAiBehaviour; remaining: number }[] = [];
  let responder: (request: FakeAiRequest) => unknown = () => ({});
  const state = { apiKey: options.apiKey ?? 'fake-ai-key-0000000000', usage: { inputTokens: 1200, outputTokens: 300 } as FakeAiUsage };

  const http = await startFakeHttpServer(async (request, response) => {
    const body = parseJson(request.body);
    const routed = dialect.route(request, body);
    if (!routed) return dialect.notFound(response);
    const recorded: FakeAiRequest = { method: request.method, path: request.rawPath, headers: request.headers, rawBody: request.body, body, model: routed.model, stream: routed.stream };
    requests.push(recorded);
    if (dialect.keyOf(request) !== state.apiKey) return dialect.unauthorized(response);
    const slot = pending.find((p) => p.remaining > 0);
    const behaviour = slot?.behaviour;
    if (slot) slot.remaining -= 1;
    if (behaviour?.kind === 'status') return dialect.error(response, behaviour.status, behaviour.retryAfterSeconds);
    if (behaviour?.kind === 'slow') {
      const waited = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), behaviour.delayMs);
        response.on('close', () => {
          clearTimeout(timer);
          resolve(false);
        });
      });
      if (!waited) return;
    }
    const usage = behaviour?.kind === 'no-usage' ? null : { ...state.usage };
    if (behaviour?.kind === 'text') return dialect.answer(response, { request: recorded, text: behaviour.text, value: undefined, usage });
    const value = responder(recorded);
    return dialect.answer(response, { request: recorded, text: JSON.stringify(value), value, usage });
  });

  return {
    kind: dialect.kind,
    origin: http.origin,
    baseUrl: dialect.baseUrlOf(http.origin),
    requests,
    get apiKey() {
      return state.apiKey;
    },
    set apiKey(value: string) {
      state.apiKey = value;
    },
    get usage() {
      return state.usage;
    },
    set usage(value: FakeAiUsage) {
      state.usage = value;
    },
    respondWith(next) {
      responder = next;
    },
    next(behaviour, times = 1) {
      pending.push({ behaviour, remaining: times });
    },
    reset() {
      requests.length = 0;
      pending.length = 0;
    },
    close: () => http.close(),
  };
}

/** Writes one Server-Sent Events stream and ends it. */
export function sendEventStream(response: ServerResponse, events: { event?: string; data: string }[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const { event, data } of events) response.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${data}\n\n`);
  response.end();
}

/** A text cut into a few pieces, as a streaming model sends it. */
export function piecesOf(text: string, count = 3): string[] {
  if (text === '') return [''];
  const size = Math.max(1, Math.ceil(text.length / count));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}
