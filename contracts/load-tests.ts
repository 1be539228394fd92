/**
 * What the load-test endpoints of a project answer (docs/load-tests.md): targets, stress profiles
 * and their defaults, generated scripts, stress runs, measured results and the comparisons of a
 * result with another and with the model. One zod schema per answer, its type made from it; the
 * server answers with these types and the web client reads them.
 */
import { z } from 'zod';
import { guid, listOf, timestamp } from './schema-kit';

export const targetKinds = ['operation', 'scenario-step'] as const;
export type TargetKind = (typeof targetKinds)[number];

export const loadTestTargetSchema = z
  .object({
    id: guid,
    kind: z.enum(targetKinds),
    subjectId: guid.meta({ description: 'The operation (kind `operation`) or the scenario (kind `scenario-step`).' }),
    /** The call step of the scenario; null for an operation. */
    stepId: z.string().nullable(),
    /** The operation's name, or `scenario name › step ID`. */
    name: z.string().meta({ description: 'What `confirmName` of an override must repeat.' }),
    /** `version`: the main model version it was given against. */
    authorisation: z.object({ baseUrl: z.string(), environment: z.string().nullable(), version: z.number().int(), authorisedBy: z.string(), authorisedAt: timestamp }).nullable(),
    /** Null while nothing is allowed beyond the safe default. */
    override: z.object({ allowNonIdempotent: z.boolean(), allowFailureInjection: z.boolean(), reason: z.string(), confirmedBy: z.string(), confirmedAt: timestamp }).nullable(),
    createdBy: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'LoadTestTarget' });

export type LoadTestTarget = z.infer<typeof loadTestTargetSchema>;
export type TargetAuthorisation = NonNullable<LoadTestTarget['authorisation']>;
export type TargetOverride = NonNullable<LoadTestTarget['override']>;

/** `GET P/load-tests/targets`. */
export const loadTestTargetsList = listOf(loadTestTargetSchema);

/** One stage: reach `targetRate` (requests per second) linearly over `durationSeconds`. */
const stage = z.object({ durationSeconds: z.number(), targetRate: z.number() });
const profileValues = {
  name: z.string(),
  shape: z.enum(['ramp', 'steady', 'spike', 'soak']),
  seed: z.number().int(),
  durationSeconds: z.number().int(),
  warmUpSeconds: z.number().int(),
  arrivalRatePerSecond: z.number(),
  /** The highest rate: the end of a ramp, the top of a spike; equal to the arrival rate for steady and soak. */
  peakRatePerSecond: z.number(),
  /** Virtual users k6 may use at most (preAllocatedVUs and maxVUs). */
  virtualUsers: z.number().int(),
  stages: z.array(stage),
};

export const stressProfileSchema = z.object({ id: guid, createdBy: z.string(), createdAt: timestamp, ...profileValues }).meta({ id: 'StressProfile' });

export type StressProfileView = z.infer<typeof stressProfileSchema>;
export type LoadStage = z.infer<typeof stage>;

/** `GET P/load-tests/profiles`. */
export const stressProfilesList = listOf(stressProfileSchema);

/** The workspace's `simulation.*` settings as the defaults answer them (their ranges are the settings'). */
const simulation = z.object({
  seed: z.int().min(0).max(2_147_483_647),
  durationSeconds: z.int().min(1).max(3600),
  warmUpSeconds: z.int().min(0).max(3599),
  arrivalRatePerSecond: z.number().gt(0).max(100_000),
});

/** `GET P/stress/defaults`: the simulation settings, and a new profile of each shape built from them. */
export const stressDefaultsSchema = z.object({ simulation, profiles: z.array(z.object(profileValues)) });

export type StressDefaults = z.infer<typeof stressDefaultsSchema>;
/** A profile's values; a stored one has `id`, `createdBy`, `createdAt` too. */
export type ProfileValues = StressDefaults['profiles'][number];

/** A generated script; `content` is left out of lists. */
export const loadTestScriptSchema = z
  .object({
    id: guid,
    targetId: guid,
    profileId: guid,
    /** The branch whose model it was written from; null for main. */
    branchId: guid.nullable(),
    /** The version of that model line when the script was first written. */
    modelVersion: z.number().int(),
    operationId: guid,
    baseUrl: z.string(),
    environment: z.string().nullable(),
    /** SHA-256 of `content`, lower-case hex. */
    contentHash: z.string(),
    fileName: z.string(),
    content: z.string().optional().meta({ description: 'The k6 script; left out of lists.' }),
    createdBy: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: 'LoadTestScript' });

export type LoadTestScript = z.infer<typeof loadTestScriptSchema>;

/** `GET P/load-tests/scripts`. */
export const loadTestScriptsList = listOf(loadTestScriptSchema);

export const stressRunSchema = z
  .object({
    id: guid,
    scriptId: guid,
    targetId: guid,
    status: z.enum(['running', 'finished', 'expired']),
    startedBy: z.string(),
    startedAt: timestamp,
    /** When a run not finished stops counting against `policy.maxConcurrentStressRuns`. */
    expiresAt: timestamp,
    finishedAt: timestamp.nullable(),
    /** The result that finished it, if one did. */
    resultId: guid.nullable(),
  })
  .meta({ id: 'StressRun' });

export type StressRun = z.infer<typeof stressRunSchema>;
export type StressRunStatus = StressRun['status'];

/** `GET P/load-tests/runs`. */
export const stressRunsList = listOf(stressRunSchema);

const operationFigures = z.object({
  operationId: z.string(),
  name: z.string().nullable(),
  count: z.number().int(),
  failures: z.number().int(),
  errorRate: z.number(),
  p50Ms: z.number(),
  p90Ms: z.number(),
  p95Ms: z.number(),
  p99Ms: z.number().nullable(),
  avgMs: z.number().nullable(),
  minMs: z.number().nullable(),
  maxMs: z.number().nullable(),
  throughputPerSecond: z.number(),
});

export type OperationFigures = z.infer<typeof operationFigures>;

const provenance = z.object({ tool: z.string(), runAt: timestamp, environment: z.string().nullable(), source: z.string(), uploadedBy: z.string(), uploadedAt: timestamp });

export type ResultProvenance = z.infer<typeof provenance>;

/** A measured result; `raw` only when one result is read. */
export const loadTestResultSchema = z
  .object({
    id: guid,
    targetId: guid,
    scriptId: guid,
    stressRunId: guid.nullable(),
    format: z.enum(['k6-summary-export', 'k6-handle-summary', 'generic']),
    /** Always `measured`: figures a load tool took of a running system. */
    truth: z.literal('measured'),
    provenance,
    measurements: z.object({
      operations: z.array(operationFigures),
      iterations: z.number().int().nullable(),
      checks: z.object({ passes: z.number().int(), fails: z.number().int() }).nullable(),
      durationSeconds: z.number().nullable(),
    }),
    raw: z.unknown().optional().meta({ description: 'The body as it was sent; only when one result is read.' }),
  })
  .meta({ id: 'LoadTestResult' });

export type LoadTestResult = z.infer<typeof loadTestResultSchema>;

/** `GET P/load-tests/results`: without `raw`. */
export const loadTestResultsList = listOf(loadTestResultSchema);

/** A result as a comparison names it. */
export const resultHeadSchema = z.object({ id: guid, targetId: guid, scriptId: guid, truth: z.literal('measured'), provenance });

export type ResultHead = z.infer<typeof resultHeadSchema>;

const metricChange = z.object({ baseline: z.number(), candidate: z.number(), change: z.number().nullable(), verdict: z.enum(['regressed', 'improved', 'same']) });

/** `GET P/load-tests/compare/results`: the regression per operation and its verdict. */
export const regressionSchema = z.object({
  baseline: resultHeadSchema,
  candidate: resultHeadSchema,
  thresholds: z.record(z.string(), z.number()),
  verdict: z.enum(['regressed', 'improved', 'same']),
  operations: z.array(z.object({ operationId: z.string(), name: z.string().nullable(), p95Ms: metricChange, errorRate: metricChange, throughputPerSecond: metricChange, verdict: z.enum(['regressed', 'improved', 'same']) })),
  onlyInBaseline: z.array(z.string()),
  onlyInCandidate: z.array(z.string()),
});

export type Regression = z.infer<typeof regressionSchema>;
export type MetricChange = z.infer<typeof metricChange>;
export type Verdict = Regression['verdict'];

/** `GET P/load-tests/compare/estimate`: a result next to the model, the playback run and the cost assumptions. */
export const estimateComparisonSchema = z.object({
  result: resultHeadSchema,
  run: z.object({
    id: guid,
    promiseId: guid,
    scenarioId: guid,
    modelVersion: z.number().int().nullable(),
    hash: z.string(),
    at: timestamp,
    truth: z.literal('declared'),
    reproduced: z.boolean(),
    replayedAtModelVersion: z.number().int(),
  }),
  lines: z.array(
    z.object({
      operationId: z.string(),
      operationName: z.string().nullable(),
      check: z.string(),
      assumptionId: guid.nullable(),
      declared: z.number().nullable(),
      measured: z.number().nullable(),
      unit: z.string(),
      status: z.enum(['within', 'outside', 'not-comparable']),
      detail: z.string(),
    }),
  ),
});

export type EstimateComparison = z.infer<typeof estimateComparisonSchema>;
export type EstimateLine = EstimateComparison['lines'][number];
