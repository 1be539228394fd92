import Anthropic from '@anthropic-ai/sdk';
import type { TokenUsage } from '../model-prices';
import { type AiProviderClient, type ProviderCall, AiProviderCallError, parseJsonAnswer, providerFailure, sdkTimeoutGraceMs } from './provider-client';

/**
 * Kind `anthropic`: Messages (`POST {baseUrl}/v1/messages`) with the official SDK. Structured
 * output is one tool whose `input_schema` is the answer's schema, forced by `tool_choice`; the
 * answer is the tool call's input. Streaming uses the SDK's message stream, which assembles the
 * text and the tool input from the events.
 */

interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** Cache writes and reads are input too (priced at the input rate here: no discount is assumed). */
function usageOf(usage: AnthropicUsage | undefined): TokenUsage | null {
  if (!usage) return null;
  return { inputTokens: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0), outputTokens: usage.output_tokens };
}

export const anthropicClient: AiProviderClient = {
  async complete(call: ProviderCall) {
    // The key is passed in code, so the SDK reads no credential of the host's environment.
    const client = new Anthropic({ apiKey: call.apiKey, baseURL: call.baseUrl, maxRetries: 0, timeout: call.timeoutMs + sdkTimeoutGraceMs, fetch: call.fetch });
    const params = {
      model: call.model,
      max_tokens: call.maxOutputTokens,
      system: call.prompt.system,
      messages: [{ role: 'user' as const, content: call.prompt.user }],
      ...(call.temperature === null ? {} : { temperature: call.temperature }),
      ...(call.mode === 'tool'
        ? {
            tools: [{ name: call.schemaName, description: 'Give your answer as this tool\'s input.', input_schema: call.jsonSchema as Anthropic.Tool.InputSchema }],
            tool_choice: { type: 'tool' as const, name: call.schemaName },
          }
        : {}),
    };
    let message: Anthropic.Message;
    try {
      message = call.stream ? await client.messages.stream(params, { signal: call.signal }).finalMessage() : await client.messages.create(params, { signal: call.signal });
    } catch (error) {
      throw providerFailure(error, call.signal);
    }
    const usage = usageOf(message.usage);
    if (call.mode === 'tool') {
      const toolUse = message.content.find((block) => block.type === 'tool_use' && block.name === call.schemaName);
      if (toolUse?.type !== 'tool_use') throw new AiProviderCallError('invalid-output', 'the model did not call the answer tool', usage);
      return { output: toolUse.input, usage, text: JSON.stringify(toolUse.input) };
    }
    const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    return { output: parseJsonAnswer(text, usage), usage, text };
  },
};
