import { expect } from 'vitest';
import { call } from '../http-client';
import type { FakeAiServer } from './fake-ai-server';

/**
 * Points a workspace at a fake AI server through the API, as an owner would: one provider entry
 * in the workspace settings (replacing one of the same ID), the tasks routed to it, and its API
 * key saved with `PUT W/secrets/ai:<id>:apiKey`.
 */

export type ProviderKind = 'openai' | 'anthropic' | 'gemini' | 'openai-compatible';
export type RoutedTask = 'inferArchitecture' | 'proposeFlow' | 'critique' | 'explain';

export interface AiProviderSetup {
  /** The service's base URL. */
  serviceUrl: string;
  /** An owner's session cookie value. */
  session: string;
  workspaceId: string;
  /** The fake the provider talks to; its kind is the provider kind unless `kind` says `openai-compatible`. */
  server: FakeAiServer;
  kind?: ProviderKind;
  providerId?: string;
  model?: string;
  /** Tasks routed to the provider; default all four. */
  tasks?: RoutedTask[];
  /** Any other provider field: `supportsStreaming`, `temperature`, `timeoutSeconds`, `monthlyBudgetUsd`, `requestsPerMinute`… */
  provider?: Record<string, unknown>;
  /** Other sections of the overrides to set at the same time, e.g. `{ usage: { monthlyAiBudgetUsd: 1 } }`. */
  overrides?: Record<string, unknown>;
  /** False: the key is not saved. */
  saveKey?: boolean;
}

const defaultModels: Record<ProviderKind, string> = { openai: 'gpt-4o-mini', anthropic: 'claude-sonnet-4-5', gemini: 'gemini-2.5-flash', 'openai-compatible': 'llama-3.1-8b-instruct' };
const allTasks: RoutedTask[] = ['inferArchitecture', 'proposeFlow', 'critique', 'explain'];

/** Saves the provider, its routing and its key; answers the provider's ID. */
export async function configureAiProvider(setup: AiProviderSetup): Promise<string> {
  const kind = setup.kind ?? setup.server.kind;
  const providerId = (setup.providerId ?? '7a1c0000-0000-4000-8000-00000000a1a1').toLowerCase();
  const settingsPath = `/api/workspaces/${setup.workspaceId}/settings`;
  const current = await call(setup.serviceUrl, 'GET', settingsPath, { session: setup.session });
  expect(current.status, current.text).toBe(200);
  const overrides = structuredClone(current.json.overrides ?? {});
  const providers = ((overrides.ai?.providers ?? []) as Record<string, unknown>[]).filter((p) => p.id !== providerId);
  providers.push({ id: providerId, kind, name: `Fake ${kind}`, model: setup.model ?? defaultModels[kind], baseUrl: setup.server.baseUrl, ...setup.provider });
  const taskRouting = { ...(overrides.ai?.taskRouting ?? {}) };
  for (const task of setup.tasks ?? allTasks) taskRouting[task] = providerId;
  const document = { ...overrides, ...setup.overrides, ai: { ...overrides.ai, providers, taskRouting } };
  const saved = await call(setup.serviceUrl, 'PUT', settingsPath, { session: setup.session, json: document, headers: { 'if-match': current.headers.get('etag')! } });
  expect(saved.status, saved.text).toBe(200);
  if (setup.saveKey !== false) {
    const key = await call(setup.serviceUrl, 'PUT', `/api/workspaces/${setup.workspaceId}/secrets/${encodeURIComponent(`ai:${providerId}:apiKey`)}`, { session: setup.session, json: { value: setup.server.apiKey } });
    expect(key.status, key.text).toBe(204);
  }
  return providerId;
}
