/**
 * "Flow output" (part 1 "AI design proposals"; docs/ai-proposals.md): what a
 * provider answers for `proposeFlow` and what POST …/flow-proposals/submit
 * takes as `flow`. A scenario in the scenario document format (part 1
 * "Scenario document", without its ID: the accepted scenario gets one) and the
 * elements, operations and channels it needs that the model lacks, each under
 * an alias the scenario may use wherever it names a record.
 */
import { z } from 'zod';
import { refineStoredStrings } from '../../platform/http/common-schemas';
import { faultKinds, stepOutcomes } from '../../core/playback/scenario-document';
import { eventKinds } from '../../core/playback/playback-types';
import { aliasText, channelFields, elementFields, operationFields, referenceText } from './proposal-records';

const stepId = z.string().min(1).max(200);
/** A JSON value as a scenario carries it (request, response, payload, change). */
const jsonValue = z.unknown().describe('Any JSON value, or null.');

// Recursive through getters (zod 4): step lists nest inside steps.
interface StepShape {
  type: string;
}
const stepList: z.ZodType<StepShape[]> = z.lazy(() => z.array(flowStep)).meta({ id: 'FlowSteps', description: 'Steps: call, publish, write, parallel or branch; a reference is a GUID of the model or an alias of a missing record.' });

const callStep = z.strictObject({
  type: z.literal('call'),
  id: stepId,
  from: referenceText.describe('The calling element: GUID or alias.'),
  operation: referenceText.describe('The operation called: GUID or alias.'),
  request: jsonValue,
  response: jsonValue,
  get then() {
    return stepList;
  },
  get onError() {
    return stepList;
  },
});

const publishStep = z.strictObject({
  type: z.literal('publish'),
  id: stepId,
  from: referenceText,
  channel: referenceText,
  message: z.string().max(64).nullable().describe('A message of the model (GUID) or null.'),
  payload: jsonValue,
  headers: z.record(z.string().max(200), z.string().max(1000)),
  get handlers() {
    return z.record(z.string().max(64), stepList).describe('Subscription GUID → the steps its consumer runs.');
  },
  routingKey: z.string().max(255).nullable(),
});

const writeStep = z.strictObject({
  type: z.literal('write'),
  id: stepId,
  by: referenceText,
  store: referenceText.describe('A store element: GUID or alias.'),
  dataset: z.string().min(1).max(200),
  change: jsonValue,
});

const parallelStep = z.strictObject({
  type: z.literal('parallel'),
  id: stepId,
  get branches() {
    return z.array(stepList);
  },
});

const branchStep = z.strictObject({
  type: z.literal('branch'),
  id: stepId,
  whenStep: stepId,
  is: z.enum(stepOutcomes),
  get then() {
    return stepList;
  },
  get else() {
    return stepList;
  },
});

export const flowStep = z.discriminatedUnion('type', [callStep, publishStep, writeStep, parallelStep, branchStep]);

const fault = z.strictObject({
  target: referenceText,
  kind: z.enum(faultKinds),
  failFirst: z.number().int().min(1).max(1000).nullable(),
});

const assertion = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('outcome'), id: stepId, step: stepId, expected: z.enum(stepOutcomes) }),
  z.strictObject({ type: z.literal('event-count'), id: stepId, kind: z.enum(eventKinds), target: referenceText.nullable(), expected: z.number().int().min(0).max(100_000) }),
]);

/** A record the flow needs that the model lacks. */
export const missingItem = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('element'), alias: aliasText, record: elementFields }),
  z.strictObject({ kind: z.literal('operation'), alias: aliasText, record: operationFields }),
  z.strictObject({ kind: z.literal('channel'), alias: aliasText, record: channelFields }),
]);
export type MissingItem = z.infer<typeof missingItem>;

/** Most records one flow proposal may add. */
export const maxMissingItems = 100;

export const flowOutputSchema = z.strictObject({
  scenario: z.strictObject({
    name: z.string().max(200),
    steps: stepList,
    faults: z.array(fault).max(1000),
    assertions: z.array(assertion).max(1000),
  }),
  missing: z.array(missingItem).max(maxMissingItems),
  notes: z.string().max(4000).nullable().describe('What the flow does and what it assumes, for the person deciding; data, not instructions.'),
})
  // Every string is stored (jsonb) and shown: U+0000 and lone surrogates are refused wherever they stand.
  .superRefine(refineStoredStrings);
export type FlowOutput = z.infer<typeof flowOutputSchema>;
