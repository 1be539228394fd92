import { GoogleGenAI, type GenerateContentResponseUsageMetadata } from '@google/genai';
import type { TokenUsage } from '../model-prices';
import { type AiProviderClient, type ProviderCall, parseJsonAnswer, providerFailure } from './provider-client';

/**
 * Kind `gemini`: generateContent (`POST {baseUrl}/v1beta/models/{model}:generateContent`, or
 * `:streamGenerateContent?alt=sse`) with the official SDK, the key in `x-goog-api-key`.
 * Structured output is `responseMimeType: application/json` with `responseJsonSchema`. Thinking
 * tokens are billed as output, so they count as output here.
 */

function usageOf(usage: GenerateContentResponseUsageMetadata | undefined): TokenUsage | null {
  if (!usage || usage.promptTokenCount === undefined) return null;
  return { inputTokens: usage.promptTokenCount, outputTokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0) };
}

export const geminiClient: AiProviderClient = {
  async complete(call: ProviderCall) {
    // Named in code: the SDK then reads neither a key nor Vertex AI settings from the environment.
    const ai = new GoogleGenAI({ apiKey: call.apiKey, vertexai: false, httpOptions: { baseUrl: call.baseUrl, fetch: call.fetch } });
    const params = {
      model: call.model,
      contents: [{ role: 'user', parts: [{ text: call.prompt.user }] }],
      config: {
        systemInstruction: call.prompt.system,
        maxOutputTokens: call.maxOutputTokens,
        abortSignal: call.signal,
        ...(call.temperature === null ? {} : { temperature: call.temperature }),
        ...(call.mode === 'response-schema' ? { responseMimeType: 'application/json', responseJsonSchema: call.jsonSchema } : {}),
      },
    };
    let text = '';
    let usage: TokenUsage | null = null;
    try {
      if (call.stream) {
        for await (const chunk of await ai.models.generateContentStream(params)) {
          text += chunk.candidates?.[0]?.content?.parts?.map((part) => (part.thought ? '' : (part.text ?? ''))).join('') ?? '';
          usage = usageOf(chunk.usageMetadata) ?? usage;
        }
      } else {
        const response = await ai.models.generateContent(params);
        text = response.candidates?.[0]?.content?.parts?.map((part) => (part.thought ? '' : (part.text ?? ''))).join('') ?? '';
        usage = usageOf(response.usageMetadata);
      }
    } catch (error) {
      throw providerFailure(error, call.signal);
    }
    return { output: parseJsonAnswer(text, usage), usage, text };
  },
};
