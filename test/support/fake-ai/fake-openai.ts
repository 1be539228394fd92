import { sendJson } from '../fake-hosts/fake-http-server';
import { type FakeAiDialect, type FakeAiServer, piecesOf, sendEventStream, startFakeAiServer } from './fake-ai-server';

/**
 * A fake OpenAI Chat Completions API (platform.openai.com/docs/api-reference/chat):
 * `POST /v1/chat/completions` with `Authorization: Bearer`, a `chat.completion` object with
 * `usage.prompt_tokens` / `completion_tokens` / `total_tokens`, or with `stream: true` SSE
 * `chat.completion.chunk` lines ending `data: [DONE]`, the usage in a last chunk with empty
 * `choices` when `stream_options.include_usage` asks for it. Errors are
 * `{"error":{"message","type","param","code"}}`; a 429 carries `retry-after` and the
 * `x-ratelimit-*` headers. Also serves kind `openai-compatible` (same API at another address).
 */

const created = 1_767_225_600;

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function usageOf(usage: { inputTokens: number; outputTokens: number }) {
  return { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } };
}

export const openAiDialect: FakeAiDialect = {
  kind: 'openai',
  baseUrlOf: (origin) => `${origin}/v1`,
  route(request, body) {
    if (request.method !== 'POST' || request.segments.join('/') !== 'v1/chat/completions') return null;
    return { model: String(body?.model ?? ''), stream: body?.stream === true };
  },
  keyOf(request) {
    const header = request.headers.authorization;
    return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  },
  unauthorized: (response) => sendJson(response, 401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key')),
  notFound: (response) => sendJson(response, 404, errorBody('Invalid URL', 'invalid_request_error', null)),
  error(response, status, retryAfterSeconds) {
    if (status === 429) {
      const seconds = retryAfterSeconds ?? 20;
      return sendJson(response, 429, errorBody('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded'), {
        'retry-after': String(seconds),
        'retry-after-ms': String(seconds * 1000),
        'x-ratelimit-limit-requests': '500',
        'x-ratelimit-remaining-requests': '0',
        'x-ratelimit-reset-requests': `${seconds}s`,
      });
    }
    sendJson(response, status, errorBody('The server had an error while processing your request. Sorry about that!', 'server_error', null));
  },
  answer(response, { request, text, usage }) {
    const id = `chatcmpl-fake${request.path.length}${Date.now()}`;
    if (!request.stream) {
      return sendJson(response, 200, {
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
        ...(usage ? { usage: usageOf(usage) } : {}),
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
      });
    }
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, system_fingerprint: 'fp_fake', choices, ...extra });
    const events = [
      { data: chunk([{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }]) },
      ...piecesOf(text).map((piece) => ({ data: chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]) })),
      { data: chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]) },
    ];
    if (usage && request.body?.stream_options?.include_usage === true) events.push({ data: chunk([], { usage: usageOf(usage) }) });
    events.push({ data: '[DONE]' });
    sendEventStream(response, events);
  },
};

/** Starts the fake OpenAI Chat Completions API. */
export function startFakeOpenAi(options: { apiKey?: string } = {}): Promise<FakeAiServer> {
  return startFakeAiServer(openAiDialect, options);
}
