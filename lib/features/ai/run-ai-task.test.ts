import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAi, type FakeAiServer } from '../../../test/support/fake-ai/index';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import type { ServiceConfig } from '../../platform/config/service-config';
import { problemOf } from '../../platform/http/service-error-problem';
import { toMasterKey } from '../../platform/crypto/master-key';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import { saveSecret } from '../secrets/secret-store';
import { builtInPolicy, partialSettingsSchema } from '../settings/settings-schema';
import { replaceWorkspaceSettings } from '../settings/settings-service';
import { readInstanceSettings, readWorkspaceSettings, writeInstanceSettings } from '../settings/settings-store';
import { monthSpend } from './ai-budgets';
import type { AiDataPart, AiTaskRequest } from './ai-task';
import { runAiTask } from './run-ai-task';

/** A rejection as a client reads it: through the edge's one mapping of codes to statuses. */
function answered<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw problemOf(error) ?? error;
  });
}

/**
 * runAiTask in-process against real PostgreSQL and a fake OpenAI API, with the clock fixed: the
 * privacy gate, budgets over a month boundary, the address rule at call time, the key's origin,
 * secrets kept out of the prompt, usage estimated when none is reported.
 */

const answerSchema = z.strictObject({ answer: z.string() });
const providerId = '5b0c0000-0000-4000-8000-0000000000b1';
const secondProviderId = '5b0c0000-0000-4000-8000-0000000000b2';

describe('runAiTask against PostgreSQL with a fixed clock', () => {
  let database: TestDatabase;
  let fake: FakeAiServer;
  let workspaceId: string;
  let projectId: string;
  let clock = new Date('2026-01-31T23:50:00Z');
  let resolvesTo = ['93.184.216.34'];
  let runtime: ServiceRuntime;
  const keyring = { current: toMasterKey(randomBytes(32)), previous: null };
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };

  const settingsContext = () => ({ db: database.db, profile: 'local' as const, now: () => clock, resolveHost: async () => resolvesTo });
  async function saveOverrides(overrides: Record<string, unknown>) {
    const { version } = await readWorkspaceSettings(database.db, workspaceId);
    await replaceWorkspaceSettings(settingsContext(), { workspaceId, expectedVersion: version, overrides: partialSettingsSchema.parse(overrides), actor: 'user:test' });
  }
  const provider = (extra: Record<string, unknown> = {}) => ({ id: providerId, kind: 'openai', name: 'Fake', model: 'gpt-4o-mini', baseUrl: fake.baseUrl, supportsStreaming: false, ...extra });
  async function saveKey(id: string, origin: string) {
    await saveSecret(database.db, keyring, { workspaceId, name: `ai:${id}:apiKey`, origin, value: fake.apiKey, actor: 'user:test', at: clock });
  }
  function task(data: AiDataPart[] = [{ label: 'question', text: 'What is it?', fromPrivateRepository: false }]): AiTaskRequest<z.infer<typeof answerSchema>> {
    return { workspaceId, projectId, task: 'explain', actor: 'user:test', instructions: 'Answer the question.', data, output: answerSchema, outputName: 'answer' };
  }
  async function calls() {
    return database.db.selectFrom('ai_calls').selectAll().where('workspace_id', '=', workspaceId).orderBy('at').orderBy('id').execute();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeOpenAi();
    fake.respondWith(() => ({ answer: 'It is a shop.' }));
    workspaceId = (await database.db.insertInto('workspaces').values({ name: 'AI' }).returning('id').executeTakeFirstOrThrow()).id;
    projectId = (await database.db.insertInto('projects').values({ workspace_id: workspaceId, name: 'P', description: null }).returning('id').executeTakeFirstOrThrow()).id;
    const config = { profile: 'local' } as ServiceConfig;
    runtime = { config, db: database.db, pool: database.pool, keyring, now: () => clock, log: quiet };
  });

  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    fake.reset();
    fake.usage = { inputTokens: 1200, outputTokens: 300 };
    await database.db.deleteFrom('ai_calls').execute();
    await database.db.deleteFrom('workspace_secrets').execute();
    clock = new Date('2026-01-31T23:50:00Z');
    resolvesTo = ['93.184.216.34'];
  });

  it('refuses text of a private repository before anything is sent while privacy.sendPrivateCodeToAi is false, and sends it once it is true', async () => {
    await saveOverrides({ ai: { providers: [provider()], taskRouting: { explain: providerId } } });
    await saveKey(providerId, fake.origin);
    const data = [
      { label: 'question', text: 'What does it do?', fromPrivateRepository: false },
      { label: 'document docs/design.md', text: 'internal design', fromPrivateRepository: true },
    ];
    await expect(answered(runAiTask(runtime, task(data)))).rejects.toMatchObject({
      status: 409,
      type: 'private_code_refused',
      errors: [{ field: 'privacy.sendPrivateCodeToAi', message: expect.stringContaining('is false') }],
      detail: expect.stringContaining('document docs/design.md'),
    });
    expect(fake.requests).toHaveLength(0);
    expect(await calls()).toHaveLength(0);

    await saveOverrides({ ai: { providers: [provider()], taskRouting: { explain: providerId } }, privacy: { sendPrivateCodeToAi: true } });
    const outcome = await runAiTask(runtime, task(data));
    expect(outcome).toMatchObject({ kind: 'answered', output: { answer: 'It is a shop.' } });
    expect(fake.requests).toHaveLength(1);
  });

  it('stops a provider at its monthly budget and lets it call again in the next UTC month', async () => {
    // 10,000 input tokens of gpt-4o-mini cost 0.0015 USD: one call spends the 0.001 budget.
    fake.usage = { inputTokens: 10_000, outputTokens: 0 };
    await saveOverrides({ ai: { providers: [provider({ monthlyBudgetUsd: 0.001 })], taskRouting: { explain: providerId } } });
    await saveKey(providerId, fake.origin);

    expect((await runAiTask(runtime, task())).kind).toBe('answered');
    clock = new Date('2026-01-31T23:59:59.999Z');
    const refused = await runAiTask(runtime, task());
    expect(refused).toMatchObject({ kind: 'unavailable', answer: { status: 'unavailable', task: 'explain', reason: 'provider-budget', providerId } });
    if (refused.kind === 'unavailable') expect(refused.answer.detail).toContain('2026-01 (UTC)');
    expect(fake.requests).toHaveLength(1);
    expect((await monthSpend(database.db, workspaceId, clock)).total.toFixed()).toBe('0.0015');

    clock = new Date('2026-02-01T00:00:00Z');
    expect((await monthSpend(database.db, workspaceId, clock)).total.toFixed()).toBe('0');
    expect((await runAiTask(runtime, task())).kind).toBe('answered');
    expect(fake.requests).toHaveLength(2);
    expect((await calls()).map((c) => [c.outcome, c.reason, c.cost_usd])).toEqual([
      ['answered', null, '0.0015'],
      ['unavailable', 'provider-budget', '0'],
      ['answered', null, '0.0015'],
    ]);
  });

  it('stops every provider at usage.monthlyAiBudgetUsd, counted over all providers of the workspace', async () => {
    fake.usage = { inputTokens: 10_000, outputTokens: 0 };
    const second = { ...provider(), id: secondProviderId, name: 'Second' };
    await saveOverrides({ ai: { providers: [provider(), second], taskRouting: { explain: providerId, critique: secondProviderId } }, usage: { monthlyAiBudgetUsd: 0.002 } });
    await saveKey(providerId, fake.origin);
    await saveKey(secondProviderId, fake.origin);
    expect((await runAiTask(runtime, task())).kind).toBe('answered');
    expect((await runAiTask(runtime, { ...task(), task: 'critique' })).kind).toBe('answered');
    // 0.003 spent of 0.002: both providers stop.
    expect(await runAiTask(runtime, task())).toMatchObject({ kind: 'unavailable', answer: { reason: 'workspace-budget' } });
    expect(await runAiTask(runtime, { ...task(), task: 'critique' })).toMatchObject({ kind: 'unavailable', answer: { reason: 'workspace-budget', providerId: secondProviderId } });
    expect(fake.requests).toHaveLength(2);
    clock = new Date('2026-02-01T00:00:00Z');
    expect((await runAiTask(runtime, task())).kind).toBe('answered');
  });

  it('judges the address when calling: a name that now resolves to a private address is refused and nothing is sent', async () => {
    const current = await readInstanceSettings(database.db, 'local');
    await writeInstanceSettings(database.db, { expectedVersion: current.version, policy: { ...builtInPolicy('local'), allowPrivateNetworkUrls: false }, defaults: {}, now: clock });
    try {
      const port = new URL(fake.origin).port;
      const named = `http://ai.example.test:${port}/v1`;
      // Public when saved; private when called (a DNS answer that changed in between).
      await saveOverrides({ ai: { providers: [provider({ baseUrl: named })], taskRouting: { explain: providerId } } });
      await saveKey(providerId, `http://ai.example.test:${port}`);
      resolvesTo = ['127.0.0.1'];
      const outcome = await runAiTask(runtime, task(), { resolveHost: async () => resolvesTo });
      expect(outcome).toMatchObject({ kind: 'unavailable', answer: { reason: 'address-refused', providerId } });
      expect(fake.requests).toHaveLength(0);
      expect((await calls()).map((c) => c.reason)).toEqual(['address-refused']);
    } finally {
      const now = await readInstanceSettings(database.db, 'local');
      await writeInstanceSettings(database.db, { expectedVersion: now.version, policy: builtInPolicy('local'), defaults: {}, now: clock });
    }
  });

  it('sends a key only to the origin it was saved for: a key of another origin is a missing key', async () => {
    await saveOverrides({ ai: { providers: [provider()], taskRouting: { explain: providerId } } });
    await saveKey(providerId, 'https://api.openai.com');
    expect(await runAiTask(runtime, task())).toMatchObject({ kind: 'unavailable', answer: { reason: 'missing-key' } });
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps credentials out of the prompt and estimates the tokens of an answer without usage', async () => {
    await saveOverrides({ ai: { providers: [provider()], taskRouting: { explain: providerId } } });
    await saveKey(providerId, fake.origin);
    fake.next({ kind: 'no-usage' });
    const data = [{ label: 'element note', text: `the key is ${fake.apiKey} and ghp_abcdefghijklmnopqrstuvwxyz0123456789`, fromPrivateRepository: false }];
    expect((await runAiTask(runtime, task(data))).kind).toBe('answered');
    const body = fake.requests[0]!.rawBody;
    expect(body).not.toContain(fake.apiKey);
    expect(body).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(body).toContain('[withheld: workspace credential]');
    expect(body).toContain('[withheld: GitHub token]');
    const [call] = await calls();
    expect(call).toMatchObject({ outcome: 'answered', usage_estimated: true });
    expect(call!.input_tokens).toBeGreaterThan(100);
    expect(call!.output_tokens).toBe(Math.ceil(Buffer.byteLength('{"answer":"It is a shop."}') / 4));
  });
});
