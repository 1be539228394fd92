/**
 * Scenarios of a project and the run result (part 1 "Scenarios"): one zod schema per answer, its
 * type made from it; the server answers with these types and the web client reads them.
 */
import { z } from 'zod';
import { guid, ignoredMemberSchema, pageOf } from './schema-kit';

/** "The playback engineVersion is 1" (part 1 "Versioning"). */
export const engineVersion = 1;

/** Part 1 "Events": the trace event kinds. */
export const eventKinds = [
  'RequestSent',
  'ResponseReceived',
  'RequestFailed',
  'RequestTimedOut',
  'RetryScheduled',
  'Published',
  'PublishFailed',
  'Delivered',
  'DeliveryFailed',
  'DeadLettered',
  'Dropped',
  'DataWritten',
  'DataWriteFailed',
  'BranchTaken',
  'StepSkipped',
  'Routed',
  'NotRouted',
] as const;
/** One trace event kind. */
export type EventKind = (typeof eventKinds)[number];

/** Part 1 "Scenario validation codes". */
export const issueCodes = [
  'unknown-element',
  'unknown-operation',
  'unknown-channel',
  'unknown-message',
  'unknown-subscription',
  'unknown-schema',
  'subscription-not-on-channel',
  'invalid-routing-key',
  'unknown-step',
  'invalid-outcome',
  'schema-mismatch',
  'missing-payload',
  'invalid-schema',
  'duplicate-step-id',
  'missing-step-id',
  'missing-dataset',
  'malformed-scenario',
  'unknown-fault-target',
  'duplicate-fault',
  'invalid-fault',
  'invalid-assertion',
  'unknown-assertion-target',
  'invalid-payload',
  'payload-too-large',
  'too-deep',
  'too-many-steps',
  'trace-too-large',
  'invalid-model',
  'validation-too-slow',
] as const;
/** One validation code. */
export type IssueCode = (typeof issueCodes)[number];

/** "Step type": the five kinds of step. */
export const stepTypes = ['call', 'publish', 'write', 'parallel', 'branch'] as const;
/** One step type. */
export type StepType = (typeof stepTypes)[number];

/** "Step outcome | Succeeded, Failed, Skipped" (part 1 "States and transitions"). */
export const stepOutcomes = ['Succeeded', 'Failed', 'Skipped'] as const;
/** One step outcome. */
export type StepOutcome = (typeof stepOutcomes)[number];

/** Fault `kind`: "Error, Outage, Timeout (Timeout only on an operation that has a timeout)". */
export const faultKinds = ['Error', 'Outage', 'Timeout'] as const;
/** One fault kind. */
export type FaultKind = (typeof faultKinds)[number];

/** Assertion `type`: "outcome" and "event-count". */
export const assertionTypes = ['outcome', 'event-count'] as const;
/** One assertion type. */
export type AssertionType = (typeof assertionTypes)[number];

/** A JSON value as a scenario carries it in `request`, `response`, `payload` and `change`. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const jsonValue: z.ZodType<JsonValue> = z.lazy(() => z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValue), z.record(z.string(), jsonValue)])).meta({ id: 'JsonValue' });

/** `POST P/scenarios/{scenarioId}/run`: the run result (JSON; `?format=sequence` answers text). */
export const runResultSchema = z
  .object({
    engineVersion: z.literal(engineVersion),
    /** SHA-256 (lower-case hex) of the canonical trace text (lib/core/playback/trace-hash.ts). */
    hash: z.string().regex(/^[0-9a-f]{64}$/).meta({ description: 'SHA-256 of the canonical trace text: the same run, the same hash.' }),
    modelVersion: z.number().int(),
    issues: z.array(z.object({ stepId: z.string().nullable(), code: z.enum(issueCodes), message: z.string() })),
    events: z.array(
      z.object({
        /** 1, 2, 3… in trace order. */
        sequence: z.number().int(),
        /** Virtual time: "only a declared timeout and a retry backoff move it". */
        atMs: z.number(),
        kind: z.enum(eventKinds),
        /** The scenario step the event comes from (for a delivery: the publish step). */
        stepId: z.string().nullable(),
        /** The attempt of the call or delivery the event is about (1 for the first). */
        attempt: z.number().int().nullable(),
        from: z.string().nullable(),
        to: z.string().nullable(),
        /** The model record the event is about: operation, channel, subscription, binding or store element. */
        target: z.string().nullable(),
        /** The scenario's JSON value, by reference (request, response, message payload or write change). */
        payload: jsonValue,
        detail: z.string().nullable(),
        /** The message record ID, for the events of a published message. */
        message: z.string().nullable(),
        headers: z.record(z.string(), z.string()).nullable(),
      }),
    ),
    outcomes: z.array(z.object({ stepId: z.string(), outcome: z.enum(stepOutcomes) })),
    assertions: z.array(z.object({ id: z.string(), passed: z.boolean(), detail: z.string() })),
    /** "a name for each ID an event can hold", keys in ID order. */
    labels: z.record(z.string(), z.string()).meta({ description: 'A name for each ID an event can hold.' }),
  })
  .meta({ id: 'RunResult' });

export type RunResult = z.infer<typeof runResultSchema>;
export type TraceEvent = RunResult['events'][number];
export type RunIssue = RunResult['issues'][number];
export type StepOutcomeEntry = RunResult['outcomes'][number];
export type AssertionResult = RunResult['assertions'][number];

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

/** `origin` of a stored scenario: null for one a person wrote. */
export const scenarioOriginSchema = z
  .object({ kind: z.literal('ai-proposal'), proposalId: z.string(), provider: z.string(), model: z.string() })
  .nullable()
  .meta({ description: 'null for a scenario a person wrote; where an AI proposal came from otherwise.' });

export type ScenarioOrigin = z.infer<typeof scenarioOriginSchema>;

/** `GET P/scenarios/{scenarioId}`: the document (any members) with `id`, `name` and `origin`. */
export const scenarioSchema = scenarioDocumentSchema.extend({ origin: scenarioOriginSchema }).meta({ id: 'Scenario' });

export type Scenario = z.infer<typeof scenarioSchema>;

/** The create and replace answers: the scenario with the members no field reads. */
export const writtenScenarioSchema = scenarioSchema.extend({ ignored: z.array(ignoredMemberSchema) });

export type WrittenScenario = z.infer<typeof writtenScenarioSchema>;

/** `GET P/scenarios`: `{id, name}` by name, paged. */
export const scenarioSummariesPage = pageOf(z.object({ id: guid, name: z.string() }));

export type ScenarioSummary = z.infer<typeof scenarioSummariesPage>['items'][number];
