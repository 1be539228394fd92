/**
 * Fake AI provider APIs for tests (each a local server on 127.0.0.1 answering as the real API
 * does) and the helper that points a workspace at one. Typical use:
 *
 * @example
 * const fake = await startFakeAi('anthropic');
 * fake.respondWith(() => ({ explanation: 'It pays.', citations: [] }));
 * await configureAiProvider({ serviceUrl, session, workspaceId, server: fake, tasks: ['explain'] });
 * fake.next({ kind: 'status', status: 500 }); // the next call fails
 * fake.requests[0].body // what the service sent
 */
import { startFakeAnthropic } from './fake-anthropic';
import type { FakeAiKind, FakeAiServer } from './fake-ai-server';
import { startFakeGemini } from './fake-gemini';
import { startFakeOpenAi } from './fake-openai';

export { configureAiProvider, type AiProviderSetup, type ProviderKind, type RoutedTask } from './configure-ai-provider';
export type { FakeAiBehaviour, FakeAiKind, FakeAiRequest, FakeAiServer, FakeAiUsage } from './fake-ai-server';
export { dataBlockOf, type DataBlock } from './data-block';
export { startFakeAnthropic, startFakeGemini, startFakeOpenAi };

/** Starts the fake API of a provider kind (`openai-compatible` uses the OpenAI fake). */
export function startFakeAi(kind: FakeAiKind | 'openai-compatible', options: { apiKey?: string } = {}): Promise<FakeAiServer> {
  if (kind === 'anthropic') return startFakeAnthropic(options);
  if (kind === 'gemini') return startFakeGemini(options);
  return startFakeOpenAi(options);
}
