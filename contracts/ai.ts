/**
 * What the workspace's AI endpoints answer about spend and calls (docs/ai.md "Call records"): one
 * zod schema per answer, its type made from it; the server answers with these types and the web
 * client reads them.
 */
import { z } from 'zod';
import { guid, pageOf, timestamp } from './schema-kit';

/**
 * Why a task got the unavailable answer instead of a provider's (docs/ai.md "The unavailable answer").
 */
export const aiUnavailableReasons = ['no-provider', 'missing-key', 'provider-error', 'timeout', 'invalid-output', 'provider-budget', 'workspace-budget', 'address-refused'] as const;
export type AiUnavailableReason = (typeof aiUnavailableReasons)[number];

/** The 200 "AI unavailable" answer of part 1, the same body on every AI endpoint (docs/ai.md). */
export const aiUnavailableAnswerSchema = z.object({
  status: z.literal('unavailable'),
  task: z.string(),
  reason: z.enum(aiUnavailableReasons),
  /** One sentence for people; never a key, never model text. */
  detail: z.string(),
  /** The provider that was asked or would have been, when known. */
  providerId: z.string().nullable(),
  /** The call record (`GET W/ai/calls`), when one was written: every attempt that reached a routed provider has one. */
  callId: z.string().nullable(),
}).meta({ id: 'AiUnavailableAnswer', description: 'No AI answer: `reason` says why (docs/ai.md "The unavailable answer"). Nothing but the call record is stored.' });
export type AiUnavailableAnswer = z.infer<typeof aiUnavailableAnswerSchema>;

/** Exact decimal text, USD. */
const usd = z.string().meta({ description: 'Exact decimal text, USD.' });

/** A call record as `GET W/ai/calls` lists it. */
export const aiCallSchema =   z
    .object({
      id: guid,
      task: z.string(),
      providerId: z.string(),
      providerKind: z.string(),
      model: z.string(),
      outcome: z.enum(['answered', 'unavailable', 'rate-limited']),
      reason: z.string().nullable().meta({ description: `For an unavailable outcome: ${aiUnavailableReasons.join(', ')}.` }),
      inputTokens: z.number().int(),
      outputTokens: z.number().int(),
      usageEstimated: z.boolean(),
      costUsd: usd,
      durationMs: z.number().int(),
      streamed: z.boolean(),
      actor: z.string(),
      projectId: guid.nullable(),
      at: timestamp,
    })
    .meta({ id: 'AiCall' });

export type AiCall = z.infer<typeof aiCallSchema>;

/** `GET W/ai/calls`: call records, newest first. */
export const aiCallsPage = pageOf(aiCallSchema);

/** `GET W/ai/usage`: this UTC month's spend against the budgets. */
export const aiUsageSchema =   z
    .object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      monthStart: timestamp,
      monthEnd: timestamp,
      totalUsd: usd,
      workspaceBudgetUsd: z.number().nullable(),
      workspaceBudgetLeftUsd: usd.nullable(),
      providers: z.array(
        z.object({
          providerId: z.string(),
          name: z.string().nullable().meta({ description: 'null for a provider removed from the settings that spent this month.' }),
          kind: z.string().nullable(),
          model: z.string().nullable(),
          enabled: z.boolean().nullable(),
          calls: z.number().int(),
          costUsd: usd,
          monthlyBudgetUsd: z.number().nullable(),
          budgetLeftUsd: usd.nullable(),
          requestsPerMinute: z.number().int().nullable(),
        }),
      ),
      pricesListedIn: z.string().meta({ description: 'The month (`YYYY-MM`) of the price table costs are counted with.' }),
    })
    .meta({ id: 'AiUsage' });

export type AiUsage = z.infer<typeof aiUsageSchema>;
export type ProviderSpend = AiUsage['providers'][number];

/** The kinds of record an explanation may cite: every kind of the model, and scenarios. */
export const citedKinds = ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding', 'scenario'] as const;
export type CitedKind = (typeof citedKinds)[number];

const explainTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['element', 'relationship', 'scenario']), id: guid }),
  z.object({ kind: z.literal('trace-event'), scenarioId: guid, sequence: z.number().int(), runHash: z.string().nullable() }),
]);
/** What a question is about: a record, or a trace event of a scenario run. */
export type ExplainTarget = z.infer<typeof explainTargetSchema>;

const citationSchema = z.object({ id: z.string(), kind: z.enum(citedKinds), name: z.string().nullable() });
export type Citation = z.infer<typeof citationSchema>;

/** The 200 explain delta: AI output about the target, never part of the model (docs/ai.md "Explain"). */
export const explainDeltaSchema = z
  .object({
    status: z.literal('answered'),
    task: z.literal('explain'),
    target: explainTargetSchema.nullable(),
    branchId: guid.nullable(),
    modelVersion: z.number().int().meta({ description: 'The version of the model read.' }),
    explanation: z.string(),
    citations: z.array(citationSchema).meta({ description: 'The cited records the model read holds.' }),
    citationsLeftOut: z.number().int().meta({ description: 'Cited IDs that named nothing the model holds.' }),
    truth: z.literal('ai-output'),
    truthNote: z.string(),
    provider: z.object({ id: z.string(), kind: z.string(), model: z.string() }),
    callId: z.string(),
  })
  .meta({ id: 'ExplainDelta' });
export type ExplainDelta = z.infer<typeof explainDeltaSchema>;

/** `POST P/ai/explain`: the explain delta, or the AI unavailable answer; `status` tells them apart. */
export const explainAnswerSchema = z.union([explainDeltaSchema, aiUnavailableAnswerSchema]);
