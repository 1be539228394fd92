/**
 * The run result of part 1 "Scenarios" and the scenario document as zod
 * schemas, for the OpenAPI document and the contract test (docs/openapi.md).
 * The run result is checked against RunResult by the compiler.
 */
import { z } from 'zod';
import { describes } from '../../../contracts/schema-kit';
import type { JsonValue } from './scenario-document';
import { assertionTypes, faultKinds, stepOutcomes, stepTypes } from './scenario-document';
import { engineVersion, eventKinds, issueCodes, type RunResult } from './playback-types';

const jsonValue: z.ZodType<JsonValue> = z.lazy(() => z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValue), z.record(z.string(), jsonValue)])).meta({ id: 'JsonValue' });

export const runResultSchema = describes<RunResult>()(
  z
    .object({
      engineVersion: z.literal(engineVersion),
      hash: z.string().regex(/^[0-9a-f]{64}$/).meta({ description: 'SHA-256 of the canonical trace text: the same run, the same hash.' }),
      modelVersion: z.number().int(),
      issues: z.array(z.object({ stepId: z.string().nullable(), code: z.enum(issueCodes), message: z.string() })),
      events: z.array(
        z.object({
          sequence: z.number().int(),
          atMs: z.number(),
          kind: z.enum(eventKinds),
          stepId: z.string().nullable(),
          attempt: z.number().int().nullable(),
          from: z.string().nullable(),
          to: z.string().nullable(),
          target: z.string().nullable(),
          payload: jsonValue,
          detail: z.string().nullable(),
          message: z.string().nullable(),
          headers: z.record(z.string(), z.string()).nullable(),
        }),
      ),
      outcomes: z.array(z.object({ stepId: z.string(), outcome: z.enum(stepOutcomes) })),
      assertions: z.array(z.object({ id: z.string(), passed: z.boolean(), detail: z.string() })),
      labels: z.record(z.string(), z.string()).meta({ description: 'A name for each ID an event can hold.' }),
    })
    .meta({ id: 'RunResult' }),
);

const step = z.looseObject({ type: z.enum(stepTypes), id: z.string() }).meta({ description: 'A step: call, publish, write, parallel or branch (part 1 "Scenario document").' });
const fault = z.looseObject({ target: z.string(), kind: z.enum(faultKinds) });
const assertion = z.looseObject({ type: z.enum(assertionTypes), id: z.string() });

/** A scenario document as a request sends it; members no field reads are skipped and listed in `ignored`. */
export const scenarioDocumentSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    steps: z.array(step.nullable()).nullable(),
    faults: z.array(fault.nullable()).nullable(),
    assertions: z.array(assertion.nullable()).nullable(),
  })
  .meta({ id: 'ScenarioDocument' });

export const scenarioOriginSchema = z
  .object({ kind: z.literal('ai-proposal'), proposalId: z.string(), provider: z.string(), model: z.string() })
  .nullable()
  .meta({ description: 'null for a scenario a person wrote; where an AI proposal came from otherwise.' });
