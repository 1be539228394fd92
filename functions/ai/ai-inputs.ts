import { z } from 'zod';
import { freeTextProblem, isGuid } from '../../lib/platform/text/text-rules';

/** A GUID member that must be present (null allowed where `nullable`). */
const guid = (required: string) =>
  z
    .string(required)
    .refine(isGuid, 'must be a GUID')
    .transform((id) => id.toLowerCase());

const recordTarget = z.strictObject({
  kind: z.enum(['element', 'relationship', 'scenario']),
  id: guid('is required: a GUID'),
});

/** A run is not stored: its event is named by the scenario, the event's sequence and (optionally) the run's hash (docs/ai.md "Explain"). */
const traceEventTarget = z.strictObject({
  kind: z.literal('trace-event'),
  scenarioId: guid('is required: the GUID of the scenario played'),
  sequence: z.int('is required: the whole number of the event in the run').min(1, 'must be 1 or more').max(1_000_000, 'must be at most 1000000'),
  runHash: z
    .string('is required: the run\'s hash, or null')
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64 hexadecimal digits of a run\'s hash')
    .transform((hash) => hash.toLowerCase())
    .nullable(),
});

/** Most characters of an explain question. */
export const maxQuestionCharacters = 4000;

/** Body of POST P/ai/explain: `target`, `question`, `branchId`, each required and nullable. */
export const explainRequest = z.strictObject(
  {
    target: z.discriminatedUnion('kind', [recordTarget, traceEventTarget], 'is required: null, or an object whose kind is element, relationship, scenario or trace-event').nullable(),
    question: z
      .string('is required: a string or null')
      .max(maxQuestionCharacters, `must have at most ${maxQuestionCharacters} characters`)
      .superRefine((text, ctx) => {
        const problem = freeTextProblem(text);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      })
      .nullable(),
    branchId: guid('is required: a GUID or null').nullable(),
  },
  'must be an object',
);
