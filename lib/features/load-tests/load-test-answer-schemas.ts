/**
 * The load-test API's records as zod schemas, for the OpenAPI document and
 * the contract test (docs/openapi.md), checked against the record types.
 */
import { z } from 'zod';
import { describes, guid, timestamp } from '../../../contracts/schema-kit';
import { sectionKeys } from '../settings/settings-schema';
import type { LoadTestScript, LoadTestTarget, StressRun } from './load-test-records';
import { targetKinds } from './load-test-records';
import type { LoadTestResult } from './result-store';

export const loadTestTargetSchema = describes<LoadTestTarget>()(
  z
    .object({
      id: guid,
      kind: z.enum(targetKinds),
      subjectId: guid.meta({ description: 'The operation (kind `operation`) or the scenario (kind `scenario-step`).' }),
      stepId: z.string().nullable(),
      name: z.string().meta({ description: 'What `confirmName` of an override must repeat.' }),
      authorisation: z.object({ baseUrl: z.string(), environment: z.string().nullable(), version: z.number().int(), authorisedBy: z.string(), authorisedAt: timestamp }).nullable(),
      override: z.object({ allowNonIdempotent: z.boolean(), allowFailureInjection: z.boolean(), reason: z.string(), confirmedBy: z.string(), confirmedAt: timestamp }).nullable(),
      createdBy: z.string(),
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .meta({ id: 'LoadTestTarget' }),
);

const stage = z.object({ durationSeconds: z.number(), targetRate: z.number() });
const profileValues = {
  name: z.string(),
  shape: z.enum(['ramp', 'steady', 'spike', 'soak']),
  seed: z.number().int(),
  durationSeconds: z.number().int(),
  warmUpSeconds: z.number().int(),
  arrivalRatePerSecond: z.number(),
  peakRatePerSecond: z.number(),
  virtualUsers: z.number().int(),
  stages: z.array(stage),
};

export const stressProfileSchema = z.object({ id: guid, createdBy: z.string(), createdAt: timestamp, ...profileValues }).meta({ id: 'StressProfile' });

export const stressDefaultsSchema = z.object({ simulation: z.object(sectionKeys.simulation), profiles: z.array(z.object(profileValues)) });

export const loadTestScriptSchema = describes<LoadTestScript>()(
  z
    .object({
      id: guid,
      targetId: guid,
      profileId: guid,
      branchId: guid.nullable(),
      modelVersion: z.number().int(),
      operationId: guid,
      baseUrl: z.string(),
      environment: z.string().nullable(),
      contentHash: z.string(),
      fileName: z.string(),
      content: z.string().optional().meta({ description: 'The k6 script; left out of lists.' }),
      createdBy: z.string(),
      createdAt: timestamp,
    })
    .meta({ id: 'LoadTestScript' }),
);

export const stressRunSchema = describes<StressRun>()(
  z
    .object({
      id: guid,
      scriptId: guid,
      targetId: guid,
      status: z.enum(['running', 'finished', 'expired']),
      startedBy: z.string(),
      startedAt: timestamp,
      expiresAt: timestamp,
      finishedAt: timestamp.nullable(),
      resultId: guid.nullable(),
    })
    .meta({ id: 'StressRun' }),
);

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

const provenance = z.object({ tool: z.string(), runAt: timestamp, environment: z.string().nullable(), source: z.string(), uploadedBy: z.string(), uploadedAt: timestamp });

export const loadTestResultSchema = describes<LoadTestResult>()(
  z
    .object({
      id: guid,
      targetId: guid,
      scriptId: guid,
      stressRunId: guid.nullable(),
      format: z.enum(['k6-summary-export', 'k6-handle-summary', 'generic']),
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
    .meta({ id: 'LoadTestResult' }),
);

export const resultHeadSchema = z.object({ id: guid, targetId: guid, scriptId: guid, truth: z.literal('measured'), provenance });
