import { sendJson } from '../fake-hosts/fake-http-server';
import { type FakeAiDialect, type FakeAiServer, piecesOf, sendEventStream, startFakeAiServer } from './fake-ai-server';

/**
 * A fake Gemini API generateContent (ai.google.dev/api/generate-content):
 * `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`, the key in
 * `x-goog-api-key` (or `?key=`), a `GenerateContentResponse` with `candidates[0].content.parts`
 * and `usageMetadata.promptTokenCount` / `candidatesTokenCount` / `totalTokenCount`; streamed as
 * SSE `data:` lines of partial responses, the usage on each and the `finishReason` on the last.
 * Errors are `{"error":{"code","message","status"}}`; a 429 is `RESOURCE_EXHAUSTED` with a
 * `RetryInfo` detail (`retryDelay`) and `retry-after`.
 */

const statuses: Record<number, string> = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

function errorBody(code: number, message: string, details?: unknown[]) {
  return { error: { code, message, status: statuses[code] ?? 'UNKNOWN', ...(details ? { details } : {}) } };
}

export const geminiDialect: FakeAiDialect = {
  kind: 'gemini',
  baseUrlOf: (origin) => origin,
  route(request) {
    const [version, models, call, extra] = request.segments;
    if (request.method !== 'POST' || version !== 'v1beta' || models !== 'models' || call === undefined || extra !== undefined) return null;
    const colon = call.lastIndexOf(':');
    const method = call.slice(colon + 1);
    if (method !== 'generateContent' && method !== 'streamGenerateContent') return null;
    return { model: call.slice(0, colon), stream: method === 'streamGenerateContent' };
  },
  keyOf(request) {
    const header = request.headers['x-goog-api-key'];
    return typeof header === 'string' ? header : (request.query.get('key') ?? undefined);
  },
  unauthorized: (response) =>
    sendJson(response, 400, errorBody(400, 'API key not valid. Please pass a valid API key.', [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }])),
  notFound: (response) => sendJson(response, 404, errorBody(404, 'Requested entity was not found.')),
  error(response, status, retryAfterSeconds) {
    if (status === 429) {
      const seconds = retryAfterSeconds ?? 20;
      return sendJson(response, 429, errorBody(429, 'Resource has been exhausted (e.g. check quota).', [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` }]), { 'retry-after': String(seconds) });
    }
    sendJson(response, status, errorBody(status, 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'));
  },
  answer(response, { request, text, usage }) {
    const usageMetadata = usage ? { promptTokenCount: usage.inputTokens, candidatesTokenCount: usage.outputTokens, totalTokenCount: usage.inputTokens + usage.outputTokens } : undefined;
    const responseId = `fake${Date.now()}`;
    if (!request.stream) {
      return sendJson(response, 200, {
        candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
        ...(usageMetadata ? { usageMetadata } : {}),
        modelVersion: request.model,
        responseId,
      });
    }
    const pieces = piecesOf(text);
    sendEventStream(
      response,
      pieces.map((piece, i) => ({
        data: JSON.stringify({
          candidates: [{ content: { parts: [{ text: piece }], role: 'model' }, index: 0, ...(i === pieces.length - 1 ? { finishReason: 'STOP' } : {}) }],
          ...(usageMetadata ? { usageMetadata: i === pieces.length - 1 ? usageMetadata : { promptTokenCount: usageMetadata.promptTokenCount, totalTokenCount: usageMetadata.promptTokenCount } } : {}),
          modelVersion: request.model,
          responseId,
        }),
      })),
    );
  },
};

/** Starts the fake Gemini generateContent API. */
export function startFakeGemini(options: { apiKey?: string } = {}): Promise<FakeAiServer> {
  return startFakeAiServer(geminiDialect, options);
}
