import { z } from 'zod';
import { displayName, storedText } from '../../lib/platform/http/common-schemas';
import { targetKinds } from '../../lib/features/load-tests/load-test-records';
import { stressProfileLimits, stressProfileShapes } from '../../lib/features/load-tests/stress-profile';
import { isGuid, shortTextProblem } from '../../lib/platform/text/text-rules';
import { sectionKeys } from '../../lib/features/settings/settings-schema';

/** A GUID a request must carry (body member or query parameter). */
const requiredGuid = z.string('is required: a GUID').refine(isGuid, 'must be a GUID').transform((id) => id.toLowerCase());

/** Part 1 "Limits": a step ID has at most 100 characters, no control characters, valid Unicode. */
const stepId = z
  .string('must be a string or null')
  .min(1, 'must not be empty')
  .max(100, 'must have at most 100 characters')
  .superRefine((text, ctx) => {
    const problem = shortTextProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Body of POST and PUT …/load-tests/targets. */
export const targetRequest = z.strictObject(
  {
    kind: z.enum(targetKinds, `must be one of ${targetKinds.join(', ')}`),
    id: requiredGuid,
    stepId: stepId
      .nullable()
      .optional()
      .transform((s) => s ?? null),
  },
  'must be an object',
);

/** `version`: an int64 as a number or a string of digits, or null (the main version now). */
const modelVersion = z
  .union([z.int('must be a whole number, a string of digits, or null').min(0, 'must be 0 or more'), z.string().regex(/^\d{1,15}$/, 'must be a whole number, a string of digits, or null')], 'must be a whole number, a string of digits, or null')
  .transform(Number)
  .nullable();

/** Body of POST …/targets/{targetId}/authorise: all three members required, each nullable. */
export const authoriseRequest = z.strictObject(
  {
    baseUrl: z
      .string('must be an absolute http or https URL')
      .max(2000, 'must have at most 2000 characters')
      .nullable()
      .refine((url) => url !== null, 'must be an absolute http or https URL: an authorisation names where load may be sent')
      .transform((url) => url!),
    environment: displayName(200).nullable(),
    version: modelVersion,
  },
  'must be an object',
);

/** Body of PUT …/targets/{targetId}/override: all four members required. */
export const overrideRequest = z.strictObject(
  {
    allowNonIdempotent: z.boolean('must be true or false'),
    allowFailureInjection: z.boolean('must be true or false'),
    reason: storedText(2000).nullable(),
    confirmName: z.string('must be a string or null').max(1000, 'must have at most 1000 characters').nullable(),
  },
  'must be an object',
);

const simulation = sectionKeys.simulation;

/** Body of POST …/load-tests/profiles: the shape; each value left out is taken from the defaults of that shape. */
export const profileRequest = z.strictObject(
  {
    shape: z.enum(stressProfileShapes, `must be one of ${stressProfileShapes.join(', ')}`),
    name: displayName(200).optional(),
    seed: simulation.seed.optional(),
    durationSeconds: simulation.durationSeconds.optional(),
    warmUpSeconds: simulation.warmUpSeconds.optional(),
    arrivalRatePerSecond: simulation.arrivalRatePerSecond.optional(),
    peakRatePerSecond: simulation.arrivalRatePerSecond.optional(),
    virtualUsers: z
      .int(`must be a whole number from 1 to ${stressProfileLimits.maxVirtualUsers}`)
      .min(1, `must be a whole number from 1 to ${stressProfileLimits.maxVirtualUsers}`)
      .max(stressProfileLimits.maxVirtualUsers, `must be a whole number from 1 to ${stressProfileLimits.maxVirtualUsers}`)
      .optional(),
    // What the service computes from the values: a profile of GET …/stress/defaults is saved as it came (checked, not read).
    stages: z
      .array(
        z.strictObject({ durationSeconds: z.number('must be a number'), targetRate: z.number('must be a number') }, 'must be an object {durationSeconds, targetRate}'),
        'must be the list of stages the values give, or left out',
      )
      .max(100, 'must be the list of stages the values give, or left out')
      .optional(),
  },
  'must be an object',
);

/** Body of POST …/load-tests/scripts. */
export const scriptRequest = z.strictObject({ targetId: requiredGuid, profileId: requiredGuid }, 'must be an object');

/** Body of POST …/load-tests/runs. */
export const stressRunRequest = z.strictObject({ scriptId: requiredGuid }, 'must be an object');

/** Query of POST …/load-tests/results: the script measured; the stress run it ends, the environment and the time it ran when known. */
export const resultQuery = z.strictObject({
  scriptId: requiredGuid,
  stressRunId: requiredGuid.optional(),
  environment: displayName(200).optional(),
  runAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp with a time zone' }).optional(),
});

export const compareEstimateQuery = z.strictObject({ resultId: requiredGuid, runId: requiredGuid });

export const compareResultsQuery = z.strictObject({ baseline: requiredGuid, candidate: requiredGuid });
