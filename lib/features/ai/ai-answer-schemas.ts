/**
 * The explain answer as a zod schema, for the OpenAPI document and the
 * contract test (docs/openapi.md), each checked against the type the code
 * answers with (`describes`). The AI unavailable answer is its own schema
 * (ai-task.ts): the code's type is made from it.
 */
import { z } from 'zod';
import { modelKinds } from '../../core/model/model-records';
import { describes, guid } from '../../../contracts/schema-kit';
import type { ExplainDelta } from './explain/explain-model';


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
