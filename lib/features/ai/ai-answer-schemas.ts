/**
 * The AI endpoints' answers as zod schemas, for the OpenAPI document and the
 * contract test (docs/openapi.md), each checked against the type the code
 * answers with (`describes`). The AI unavailable answer is its own schema
 * (ai-task.ts): the code's type is made from it.
 */
import { z } from 'zod';
import { modelKinds } from '../../core/model/model-records';
import { describes, guid, timestamp } from '../../platform/schema/schema-kit';
import type { AiCallView } from './ai-call-store';
import { aiUnavailableReasons } from './ai-task';
import type { aiUsageSummary } from './ai-usage';
import type { ExplainDelta } from './explain/explain-model';

/** Exact decimal text, USD. */
const usd = z.string().meta({ description: 'Exact decimal text, USD.' });

export const explainDeltaSchema = describes<ExplainDelta>()(
  z
    .object({
      status: z.literal('answered'),
      task: z.literal('explain'),
      target: z
        .discriminatedUnion('kind', [
          z.object({ kind: z.enum(['element', 'relationship', 'scenario']), id: guid }),
          z.object({ kind: z.literal('trace-event'), scenarioId: guid, sequence: z.number().int(), runHash: z.string().nullable() }),
        ])
        .nullable(),
      branchId: guid.nullable(),
      modelVersion: z.number().int().meta({ description: 'The version of the model read.' }),
      explanation: z.string(),
      citations: z.array(z.object({ id: z.string(), kind: z.enum([...modelKinds, 'scenario']), name: z.string().nullable() })).meta({ description: 'The cited records the model read holds.' }),
      citationsLeftOut: z.number().int().meta({ description: 'Cited IDs that named nothing the model holds.' }),
      truth: z.literal('ai-output'),
      truthNote: z.string(),
      provider: z.object({ id: z.string(), kind: z.string(), model: z.string() }),
      callId: z.string(),
    })
    .meta({ id: 'ExplainDelta' }),
);

export const aiCallSchema = describes<AiCallView>()(
  z
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
    .meta({ id: 'AiCall' }),
);

export const aiUsageSchema = describes<Awaited<ReturnType<typeof aiUsageSummary>>>()(
  z
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
    .meta({ id: 'AiUsage' }),
);
