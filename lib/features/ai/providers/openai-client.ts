import OpenAI from 'openai';
import type { TokenUsage } from '../model-prices';
import { type AiProviderClient, type ProviderCall, AiProviderCallError, parseJsonAnswer, providerFailure, sdkTimeoutGraceMs } from './provider-client';

/**
 * Kinds `openai` and `openai-compatible`: Chat Completions (`POST {baseUrl}/chat/completions`)
 * with the official SDK. Structured output is the `json_schema` response format, strict when the
 * schema keeps to what strict mode takes; streaming assembles the content deltas and reads the
 * usage of the last chunk (`stream_options.include_usage`).
 */

// Keywords strict mode accepts (platform.openai.com "Structured Outputs": supported schemas).
const strictKeywords = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'description', 'title', '$defs', '$ref',
  'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
]);

/** Whether a schema can be sent with `strict: true`: every object closed with every property required, no keyword strict mode refuses. */
export function isStrictSchema(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(isStrictSchema);
  if (schema === null || typeof schema !== 'object') return true;
  const node = schema as Record<string, unknown>;
  for (const key of Object.keys(node)) if (!strictKeywords.has(key)) return false;
  if (node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'))) {
    const properties = Object.keys((node.properties as Record<string, unknown> | undefined) ?? {});
    const required = new Set((node.required as string[] | undefined) ?? []);
    if (node.additionalProperties !== false || properties.some((p) => !required.has(p))) return false;
  }
  for (const key of ['properties', '$defs'] as const) {
    const members = node[key];
    if (members && typeof members === 'object' && !Object.values(members).every(isStrictSchema)) return false;
  }
  return ['items', 'anyOf'].every((key) => node[key] === undefined || isStrictSchema(node[key]));
}

function usageOf(usage: { prompt_tokens: number; completion_tokens: number } | null | undefined): TokenUsage | null {
  return usage ? { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } : null;
}

/** The Chat Completions client of `openai` (`max_completion_tokens`) or `openai-compatible` (`max_tokens`, which more servers know). */
export function openAiChatClient(kind: 'openai' | 'openai-compatible'): AiProviderClient {
  return {
    async complete(call: ProviderCall) {
      // Every option the SDK would otherwise read from the environment is given, so nothing of the host's goes out.
      const client = new OpenAI({ apiKey: call.apiKey, baseURL: call.baseUrl, organization: null, project: null, webhookSecret: null, maxRetries: 0, timeout: call.timeoutMs + sdkTimeoutGraceMs, fetch: call.fetch });
      const body = {
        model: call.model,
        messages: [
          { role: 'system' as const, content: call.prompt.system },
          { role: 'user' as const, content: call.prompt.user },
        ],
        ...(call.temperature === null ? {} : { temperature: call.temperature }),
        ...(kind === 'openai' ? { max_completion_tokens: call.maxOutputTokens } : { max_tokens: call.maxOutputTokens }),
        ...(call.mode === 'response-schema'
          ? { response_format: { type: 'json_schema' as const, json_schema: { name: call.schemaName, strict: isStrictSchema(call.jsonSchema), schema: call.jsonSchema } } }
          : {}),
      };
      let text = '';
      let usage: TokenUsage | null = null;
      let refusal: string | null = null;
      try {
        if (call.stream) {
          const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, { signal: call.signal });
          for await (const chunk of stream) {
            const delta = chunk.choices[0]?.delta;
            text += delta?.content ?? '';
            if (delta?.refusal) refusal = (refusal ?? '') + delta.refusal;
            usage = usageOf(chunk.usage) ?? usage;
          }
        } else {
          const completion = await client.chat.completions.create(body, { signal: call.signal });
          const message = completion.choices[0]?.message;
          text = message?.content ?? '';
          refusal = message?.refusal ?? null;
          usage = usageOf(completion.usage);
        }
      } catch (error) {
        throw providerFailure(error, call.signal);
      }
      if (refusal) throw new AiProviderCallError('invalid-output', 'the model refused to answer', usage);
      return { output: parseJsonAnswer(text, usage), usage, text };
    },
  };
}
