import { sendJson } from '../fake-hosts/fake-http-server';
import { type FakeAiDialect, type FakeAiServer, piecesOf, sendEventStream, startFakeAiServer } from './fake-ai-server';

/**
 * A fake Anthropic Messages API (docs.anthropic.com/en/api/messages): `POST /v1/messages` with
 * the key in `x-api-key` (or `Authorization: Bearer`, as the SDK sends an API key), a `message`
 * object whose content is a `tool_use` block when `tool_choice` forces a tool (the answer as its
 * `input`) or else a `text` block, `usage.input_tokens` / `output_tokens`. Streaming is the
 * Messages event stream: `message_start` (input tokens), `content_block_start`, `ping`,
 * `content_block_delta` (`text_delta` or `input_json_delta`), `content_block_stop`,
 * `message_delta` (output tokens), `message_stop`. Errors are
 * `{"type":"error","error":{"type","message"}}`; a 429 carries `retry-after`.
 */

const errorTypes: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 404: 'not_found_error', 429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error' };

function errorBody(status: number, message: string) {
  return { type: 'error', error: { type: errorTypes[status] ?? 'api_error', message } };
}

export const anthropicDialect: FakeAiDialect = {
  kind: 'anthropic',
  baseUrlOf: (origin) => origin,
  route(request, body) {
    if (request.method !== 'POST' || request.segments.join('/') !== 'v1/messages') return null;
    return { model: String(body?.model ?? ''), stream: body?.stream === true };
  },
  keyOf(request) {
    const key = request.headers['x-api-key'];
    if (typeof key === 'string') return key;
    const header = request.headers.authorization;
    return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  },
  unauthorized: (response) => sendJson(response, 401, errorBody(401, 'invalid x-api-key')),
  notFound: (response) => sendJson(response, 404, errorBody(404, 'Not found')),
  error(response, status, retryAfterSeconds) {
    if (status === 429) {
      const seconds = retryAfterSeconds ?? 20;
      return sendJson(response, 429, errorBody(429, 'Number of requests has exceeded your rate limit.'), {
        'retry-after': String(seconds),
        'anthropic-ratelimit-requests-limit': '50',
        'anthropic-ratelimit-requests-remaining': '0',
        'anthropic-ratelimit-requests-reset': new Date(Date.now() + seconds * 1000).toISOString(),
      });
    }
    sendJson(response, status, errorBody(status, status === 529 ? 'Overloaded' : 'Internal server error'));
  },
  answer(response, { request, text, value, usage }) {
    const body = request.body ?? {};
    const forcedTool = body.tool_choice?.type === 'tool' ? String(body.tool_choice.name) : null;
    const asTool = forcedTool !== null && value !== undefined;
    const id = `msg_fake${Date.now()}`;
    const toolUseId = `toolu_fake${Date.now()}`;
    const usageBody = usage ? { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } : undefined;
    const stopReason = asTool ? 'tool_use' : 'end_turn';
    if (!request.stream) {
      return sendJson(response, 200, {
        id,
        type: 'message',
        role: 'assistant',
        model: request.model,
        content: asTool ? [{ type: 'tool_use', id: toolUseId, name: forcedTool, input: value }] : [{ type: 'text', text }],
        stop_reason: stopReason,
        stop_sequence: null,
        ...(usageBody ? { usage: usageBody } : {}),
      });
    }
    const event = (type: string, data: Record<string, unknown>) => ({ event: type, data: JSON.stringify({ type, ...data }) });
    const events = [
      event('message_start', {
        message: { id, type: 'message', role: 'assistant', model: request.model, content: [], stop_reason: null, stop_sequence: null, usage: usageBody ? { ...usageBody, output_tokens: 1 } : { input_tokens: 0, output_tokens: 0 } },
      }),
      event('content_block_start', { index: 0, content_block: asTool ? { type: 'tool_use', id: toolUseId, name: forcedTool, input: {} } : { type: 'text', text: '' } }),
      event('ping', {}),
      ...piecesOf(text).map((piece) => event('content_block_delta', { index: 0, delta: asTool ? { type: 'input_json_delta', partial_json: piece } : { type: 'text_delta', text: piece } })),
      event('content_block_stop', { index: 0 }),
      event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage?.outputTokens ?? 0 } }),
      event('message_stop', {}),
    ];
    sendEventStream(response, events);
  },
};

/** Starts the fake Anthropic Messages API. */
export function startFakeAnthropic(options: { apiKey?: string } = {}): Promise<FakeAiServer> {
  return startFakeAiServer(anthropicDialect, options);
}
