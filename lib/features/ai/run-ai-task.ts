import { randomBytes, randomUUID } from 'node:crypto';
import { LimitReachedError, RefusedError } from '../../platform/errors/service-error';
import { hitRateLimit } from '../../platform/rate-limit/hit-rate-limit';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import { readSecretForOrigin, readSecretValuesForRedaction } from '../secrets/secret-store';
import { readInstancePolicy } from '../settings/instance-policy';
import type { AiProvider } from '../settings/settings-schema';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import { type ResolveHost, systemResolveHost } from '../../platform/net/resolve-host';
import { policyOutboundFetch } from '../settings/outbound-guard';
import { settingsUrlProblem } from '../settings/settings-url-rules';
import { type AiCallRecord, insertAiCall } from './ai-call-store';
import { spentBudget, utcMonthOf } from './ai-budgets';
import { buildAiPrompt } from './ai-prompt';
import { type AiTaskOutcome, type AiTaskRequest, type AiUnavailableAnswer, type AiUnavailableReason, defaultMaxOutputTokens } from './ai-task';
import { answerJsonSchema } from './answer-schema';
import { costOfUsage, type TokenUsage } from './model-prices';
import { AiProviderCallError, type ProviderAnswer, providerFailure, redirectNotFollowed } from './providers/provider-client';
import { answerModeOf, providerClientFor, sdkBaseUrlOf } from './providers/provider-for-kind';
import { withholdSecretsInParts } from './withhold-secrets';

/** What a test may put in place of the system's: how host names resolve (docs/ai.md "Addresses"). */
export interface AiTaskDependencies {
  resolveHost?: ResolveHost;
}

/** The `requestsPerMinute` window of a provider, counted per workspace and provider in `rate_limit_log`. */
const rpmWindowSeconds = 60;

/** Tokens when a provider reports none: about four bytes of UTF-8 a token, rounded up (docs/ai.md "Limits"). */
function estimatedTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

/** The 409 of a request carrying private-repository text while `privacy.sendPrivateCodeToAi` is false. */
function privateCodeRefused(labels: string[]): RefusedError {
  return new RefusedError(
    'private_code_refused',
    'Private code not sent to AI',
    `This request would send text of a private repository (${labels.join(', ')}) to an AI provider, and the workspace setting privacy.sendPrivateCodeToAi is false. Nothing was sent.`,
    [{ field: 'privacy.sendPrivateCodeToAi', message: 'is false: text of a private repository is not sent to AI providers' }],
  );
}

function unavailable(task: string, reason: AiUnavailableReason, detail: string, providerId: string | null, callId: string | null): { kind: 'unavailable'; answer: AiUnavailableAnswer } {
  return { kind: 'unavailable', answer: { status: 'unavailable', task, reason, detail, providerId, callId } };
}

function failureDetail(provider: AiProvider, error: AiProviderCallError): string {
  const name = `The AI provider "${provider.name}"`;
  switch (error.reason) {
    case 'timeout':
      return `${name} gave no answer within ${provider.timeoutSeconds} seconds (timeoutSeconds).`;
    case 'invalid-output':
      return `${name} answered something other than JSON of the asked shape; nothing was kept.`;
    case 'provider-error':
      if (error.status !== null) return `${name} answered HTTP ${error.status}.`;
      return error.message === redirectNotFollowed ? `${name} redirected the call to another address, which is never followed; nothing more was sent.` : `${name} could not be reached.`;
    case 'address-refused':
      return `The address of ${name.charAt(0).toLowerCase()}${name.slice(1)} is refused now: ${error.message}. Nothing was sent.`;
  }
}

/**
 * Runs one AI task (see lib/features/ai/ai-task.ts; docs/ai.md). In order: the privacy gate (409
 * `private_code_refused` before anything is sent), the task routing (`no-provider`), the provider's
 * address under the URL rules now (`address-refused`), its key for that origin (`missing-key`),
 * the month's budgets (`provider-budget`, `workspace-budget`), `requestsPerMinute` (429
 * `rate_limited` with Retry-After), then one call with the time limit, its answer checked against
 * the schema. Every attempt that reached a routed provider writes one call record; nothing else
 * is stored. Every failure but the 409 and the 429 is the 200 unavailable answer, never a 500.
 */
export async function runAiTask<Output>(runtime: ServiceRuntime, request: AiTaskRequest<Output>, dependencies: AiTaskDependencies = {}): Promise<AiTaskOutcome<Output>> {
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, request.workspaceId);
  const privateParts = request.data.filter((part) => part.fromPrivateRepository);
  if (privateParts.length > 0 && !settings.privacy.sendPrivateCodeToAi) throw privateCodeRefused(privateParts.map((part) => part.label));

  const providerId = settings.ai.taskRouting[request.task];
  const provider = settings.ai.providers.find((p) => p.id === providerId && p.enabled);
  if (!provider) return unavailable(request.task, 'no-provider', `No enabled AI provider serves the task ${request.task} (ai.taskRouting.${request.task}).`, providerId, null);

  const callId = randomUUID();
  const startedMs = performance.now();
  const base = { id: callId, workspaceId: request.workspaceId, projectId: request.projectId, task: request.task, providerId: provider.id, providerKind: provider.kind, model: provider.model, actor: request.actor };
  const record = async (fields: Pick<AiCallRecord, 'outcome' | 'reason' | 'streamed'> & { usage?: TokenUsage; usageEstimated?: boolean }) => {
    const usage = fields.usage ?? { inputTokens: 0, outputTokens: 0 };
    await insertAiCall(runtime.db, {
      ...base,
      outcome: fields.outcome,
      reason: fields.reason,
      streamed: fields.streamed,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      usageEstimated: fields.usageEstimated ?? false,
      costUsd: costOfUsage(provider.kind, provider.model, usage).toFixed(),
      durationMs: Math.max(0, Math.round(performance.now() - startedMs)),
      at: runtime.now(),
    });
  };
  const refuse = async (reason: AiUnavailableReason, detail: string) => {
    await record({ outcome: 'unavailable', reason, streamed: false });
    return unavailable(request.task, reason, detail, provider.id, callId);
  };

  // Part 2 "URL rules": a private address is judged when the call is made, not only when saved.
  const baseUrl = sdkBaseUrlOf(provider);
  const policy = await readInstancePolicy(runtime.db, runtime.config.profile);
  const addressProblem = await settingsUrlProblem(baseUrl, { profile: runtime.config.profile, allowPrivateNetworkUrls: policy.allowPrivateNetworkUrls, resolveHost: dependencies.resolveHost ?? systemResolveHost });
  if (addressProblem !== null) return refuse('address-refused', `The address of the AI provider "${provider.name}" is refused: it ${addressProblem}.`);

  const origin = new URL(baseUrl).origin;
  const keyName = `ai:${provider.id}:apiKey`;
  const apiKey = await readSecretForOrigin(runtime.db, runtime.keyring, { workspaceId: request.workspaceId, name: keyName, origin });
  if (apiKey === null) return refuse('missing-key', `The AI provider "${provider.name}" has no API key saved for ${origin}: an owner saves the credential ${keyName}.`);

  const now = runtime.now();
  const budget = await spentBudget(runtime.db, { workspaceId: request.workspaceId, providerId: provider.id, providerBudgetUsd: provider.monthlyBudgetUsd, workspaceBudgetUsd: settings.usage.monthlyAiBudgetUsd, now });
  const { month } = utcMonthOf(now);
  if (budget === 'provider-budget') return refuse(budget, `The AI provider "${provider.name}" has spent its monthly budget of ${provider.monthlyBudgetUsd} USD for ${month} (UTC).`);
  if (budget === 'workspace-budget') return refuse(budget, `The workspace has spent its monthly AI budget of ${settings.usage.monthlyAiBudgetUsd} USD (usage.monthlyAiBudgetUsd) for ${month} (UTC).`);

  if (provider.requestsPerMinute !== null) {
    const rule = { name: 'ai-rpm', limit: provider.requestsPerMinute, windowSeconds: rpmWindowSeconds };
    const hit = await hitRateLimit(runtime.db, rule, `${request.workspaceId}:${provider.id}`, runtime.now());
    if (!hit.allowed) {
      await record({ outcome: 'rate-limited', reason: null, streamed: false });
      throw new LimitReachedError(
        'rate_limited',
        'AI provider request limit reached',
        `The AI provider "${provider.name}" takes at most ${provider.requestsPerMinute} requests a minute (requestsPerMinute). Send the request again in ${hit.retryAfterSeconds} seconds.`,
        hit.retryAfterSeconds,
      );
    }
  }

  const secretValues = await readSecretValuesForRedaction(runtime.db, runtime.keyring, request.workspaceId);
  const mode = answerModeOf(provider.kind, provider.supportsStructuredOutput);
  const jsonSchema = answerJsonSchema(request.output);
  const prompt = buildAiPrompt({ instructions: request.instructions, data: withholdSecretsInParts(request.data, secretValues), outputName: request.outputName, jsonSchema, mode, fence: randomBytes(12).toString('hex') });
  const streamed = provider.supportsStreaming;
  const timeoutMs = provider.timeoutSeconds * 1000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let answer: ProviderAnswer;
  try {
    const client = await providerClientFor(provider.kind);
    answer = await client.complete({
      model: provider.model,
      baseUrl,
      apiKey,
      temperature: provider.temperature,
      stream: streamed,
      mode,
      prompt,
      schemaName: request.outputName,
      jsonSchema,
      maxOutputTokens: request.maxOutputTokens ?? defaultMaxOutputTokens,
      signal: controller.signal,
      timeoutMs,
      fetch: await policyOutboundFetch({ db: runtime.db, profile: runtime.config.profile, resolveHost: dependencies.resolveHost, policy }, { onlyOrigin: origin }),
    });
  } catch (error) {
    const failure = providerFailure(error, controller.signal);
    const usage = failure.usage ?? (failure.reason === 'invalid-output' ? { inputTokens: estimatedTokens(prompt.system + prompt.user), outputTokens: 0 } : undefined);
    await record({ outcome: 'unavailable', reason: failure.reason, streamed, usage, usageEstimated: failure.usage === null && usage !== undefined });
    runtime.log.warn(`AI call ${callId} (${request.task}, provider ${provider.id}) unavailable: ${failure.reason}${failure.status === null ? '' : ` (HTTP ${failure.status})`}`);
    return unavailable(request.task, failure.reason, failureDetail(provider, failure), provider.id, callId);
  } finally {
    clearTimeout(timer);
  }

  const usage = answer.usage ?? { inputTokens: estimatedTokens(prompt.system + prompt.user), outputTokens: estimatedTokens(answer.text) };
  // The answer is data of the schema's shape or nothing: it is never read another way.
  const parsed = request.output.safeParse(answer.output);
  if (!parsed.success) {
    await record({ outcome: 'unavailable', reason: 'invalid-output', streamed, usage, usageEstimated: answer.usage === null });
    runtime.log.warn(`AI call ${callId} (${request.task}, provider ${provider.id}) unavailable: invalid-output (off the schema)`);
    return unavailable(request.task, 'invalid-output', failureDetail(provider, new AiProviderCallError('invalid-output', 'off the schema')), provider.id, callId);
  }
  await record({ outcome: 'answered', reason: null, streamed, usage, usageEstimated: answer.usage === null });
  return { kind: 'answered', output: parsed.data, call: { callId, providerId: provider.id, providerKind: provider.kind, model: provider.model } };
}
