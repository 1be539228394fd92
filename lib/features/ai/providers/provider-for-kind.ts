import type { AiProviderKind } from '../../settings/settings-schema';
import { aiProviderPublicAddresses } from '../../secrets/secret-names';
import type { AnswerMode } from '../ai-prompt';
import type { AiProviderClient } from './provider-client';

/**
 * The client of each provider kind. Each SDK is loaded the first time its kind is called, so a
 * function bundle that never calls one neither loads nor parses it (esbuild splits it off).
 */
export async function providerClientFor(kind: AiProviderKind): Promise<AiProviderClient> {
  switch (kind) {
    case 'openai':
    case 'openai-compatible':
      return (await import('./openai-client')).openAiChatClient(kind);
    case 'anthropic':
      return (await import('./anthropic-client')).anthropicClient;
    case 'gemini':
      return (await import('./gemini-client')).geminiClient;
  }
}

/** How each kind gives a schema-shaped answer; without structured output, JSON text checked after. */
export function answerModeOf(kind: AiProviderKind, supportsStructuredOutput: boolean): AnswerMode {
  if (!supportsStructuredOutput) return 'json-text';
  return kind === 'anthropic' ? 'tool' : 'response-schema';
}

/**
 * The address the SDK is given (docs/ai.md "Addresses"): the provider's `baseUrl`, or when it is
 * empty the public address of its kind. OpenAI's SDK addresses paths below it (`/chat/completions`)
 * and its public API lives under `/v1`; Anthropic's and Gemini's SDKs add their version path
 * (`/v1/messages`, `/v1beta/models/…`) themselves. The key is bound to the origin of this address.
 */
export function sdkBaseUrlOf(provider: { kind: AiProviderKind; baseUrl: string }): string {
  if (provider.baseUrl !== '') return provider.baseUrl;
  if (provider.kind === 'openai') return `${aiProviderPublicAddresses.openai}/v1`;
  if (provider.kind === 'openai-compatible') return provider.baseUrl;
  return aiProviderPublicAddresses[provider.kind];
}
