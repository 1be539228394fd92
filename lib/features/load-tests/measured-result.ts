/**
 * Reads what a load tool measured (pure) into figures per operation, or
 * names what is missing: the 422 result-refused body (docs/load-tests.md
 * "Results"). Three shapes are read:
 * - k6 `--summary-export`: `metrics.<name>` holds the values itself
 *   (`http_req_failed` as `{passes, fails, value}`, `passes` counting failed requests);
 * - k6 `handleSummary` data: `metrics.<name>.values` holds them
 *   (`http_req_failed.values` as `{rate, passes, fails}`);
 * - the generic shape: `tool` and `operations[]` with count, failures,
 *   p50/p90/p95/p99 in milliseconds and throughput per second.
 * A k6 summary measures the script's one operation: the target's.
 */
import type { FieldError } from '../../platform/errors/error-codes';
import { isGuid, shortTextProblem } from '../../platform/text/text-rules';

export const resultFormats = ['k6-summary-export', 'k6-handle-summary', 'generic'] as const;
export type ResultFormat = (typeof resultFormats)[number];

export interface OperationFigures {
  operationId: string;
  name: string | null;
  /** Requests sent, retried attempts included. */
  count: number;
  failures: number;
  /** failures ÷ count (0 with no requests). */
  errorRate: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number | null;
  avgMs: number | null;
  minMs: number | null;
  maxMs: number | null;
  throughputPerSecond: number;
}

export interface Measurements {
  operations: OperationFigures[];
  /** Iterations of the script (flows started); null when the tool does not say. */
  iterations: number | null;
  /** Checks that held and failed; null when there were none or the tool does not say. */
  checks: { passes: number; fails: number } | null;
  durationSeconds: number | null;
}

export type ReadResult = { ok: true; format: ResultFormat; tool: string; measurements: Measurements } | { ok: false; errors: FieldError[] };

/** Longest tool name kept. */
const maxToolCharacters = 100;
/** Most operation lines a generic result may hold. */
export const maxGenericOperations = 1000;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isMeasure(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * Reads numbers of one object, naming each missing one under `path`. An
 * object that is itself missing (undefined) was named already: its values are not.
 */
function reader(object: Json | undefined, path: string, errors: FieldError[]) {
  const refuse = (key: string, message: string) => {
    if (object !== undefined) errors.push({ field: `${path}.${key}`, message });
  };
  return {
    measure(key: string, why: string): number {
      const value = object?.[key];
      if (isMeasure(value)) return value;
      refuse(key, value === undefined ? `missing: ${why}` : `must be a number of 0 or more: ${why}`);
      return 0;
    },
    count(key: string, why: string): number {
      const value = object?.[key];
      if (isCount(value)) return value;
      refuse(key, value === undefined ? `missing: ${why}` : `must be a whole number of 0 or more: ${why}`);
      return 0;
    },
    optional(key: string): number | null {
      const value = object?.[key];
      return isMeasure(value) ? value : null;
    },
  };
}

/** The values of one k6 metric in either summary shape, or undefined with an error naming it. */
function metricValues(metrics: Json, name: string, handleSummary: boolean, errors: FieldError[]): Json | undefined {
  const metric = metrics[name];
  if (!isObject(metric)) {
    errors.push({ field: `metrics.${name}`, message: 'missing: a k6 end-of-test summary holds this metric' });
    return undefined;
  }
  if (!handleSummary) return metric;
  if (!isObject(metric.values)) {
    errors.push({ field: `metrics.${name}.values`, message: 'missing: handleSummary data holds the values of each metric here' });
    return undefined;
  }
  return metric.values;
}

function readK6(body: Json, target: { operationId: string; name: string }): ReadResult {
  const metrics = body.metrics as Json;
  const handleSummary = Object.values(metrics).some((m) => isObject(m) && isObject(m.values));
  const errors: FieldError[] = [];
  const prefix = (name: string) => `metrics.${name}${handleSummary ? '.values' : ''}`;
  const duration = reader(metricValues(metrics, 'http_req_duration', handleSummary, errors), prefix('http_req_duration'), errors);
  const trendWhy = 'summaryTrendStats must include med, p(90) and p(95)';
  const p50Ms = duration.measure('med', trendWhy);
  const p90Ms = duration.measure('p(90)', trendWhy);
  const p95Ms = duration.measure('p(95)', trendWhy);
  const reqs = reader(metricValues(metrics, 'http_reqs', handleSummary, errors), prefix('http_reqs'), errors);
  const count = reqs.count('count', 'requests sent');
  const rate = reqs.measure('rate', 'requests per second');
  const failedValues = metricValues(metrics, 'http_req_failed', handleSummary, errors);
  const failed = reader(failedValues, prefix('http_req_failed'), errors);
  const errorRate = failed.measure(handleSummary ? 'rate' : 'value', 'the share of failed requests');
  // A k6 Rate counts non-zero values as passes: for http_req_failed those are the failed requests.
  const failures = isCount(failedValues?.passes) ? failedValues.passes : Math.round(errorRate * count);
  const iterations = reader(metricValues(metrics, 'iterations', handleSummary, errors), prefix('iterations'), errors).count('count', 'iterations run');
  if (errors.length > 0) return { ok: false, errors };
  const checksValues = isObject(metrics.checks) ? (handleSummary ? metrics.checks.values : metrics.checks) : undefined;
  const checks = isObject(checksValues) && isCount(checksValues.passes) && isCount(checksValues.fails) ? { passes: checksValues.passes, fails: checksValues.fails } : null;
  const state = isObject(body.state) ? body.state : undefined;
  const runMs = isMeasure(state?.testRunDurationMs) ? state.testRunDurationMs : null;
  return {
    ok: true,
    format: handleSummary ? 'k6-handle-summary' : 'k6-summary-export',
    tool: 'k6',
    measurements: {
      operations: [
        {
          operationId: target.operationId,
          name: target.name,
          count,
          failures,
          errorRate,
          p50Ms,
          p90Ms,
          p95Ms,
          p99Ms: duration.optional('p(99)'),
          avgMs: duration.optional('avg'),
          minMs: duration.optional('min'),
          maxMs: duration.optional('max'),
          throughputPerSecond: rate,
        },
      ],
      iterations,
      checks,
      durationSeconds: runMs === null ? null : runMs / 1000,
    },
  };
}

function readGenericLine(line: unknown, index: number, errors: FieldError[]): OperationFigures | null {
  const path = `operations[${index}]`;
  if (!isObject(line)) {
    errors.push({ field: path, message: 'must be an object' });
    return null;
  }
  const before = errors.length;
  const operationId = line.operationId;
  if (typeof operationId !== 'string' || !isGuid(operationId)) errors.push({ field: `${path}.operationId`, message: operationId === undefined ? 'missing: the operation measured' : 'must be the GUID of an operation' });
  const name = line.name ?? null;
  if (name !== null && (typeof name !== 'string' || shortTextProblem(name) !== null)) errors.push({ field: `${path}.name`, message: 'must be a short text or null' });
  const read = reader(line, path, errors);
  const count = read.count('count', 'requests sent');
  const failures = read.count('failures', 'requests that failed');
  const p50Ms = read.measure('p50Ms', 'median latency in milliseconds');
  const p90Ms = read.measure('p90Ms', '90th percentile latency in milliseconds');
  const p95Ms = read.measure('p95Ms', '95th percentile latency in milliseconds');
  const p99Ms = read.measure('p99Ms', '99th percentile latency in milliseconds');
  const throughputPerSecond = read.measure('throughputPerSecond', 'requests per second');
  if (errors.length > before) return null;
  if (failures > count) errors.push({ field: `${path}.failures`, message: 'must not exceed count' });
  if (p90Ms < p50Ms) errors.push({ field: `${path}.p90Ms`, message: 'must not be below p50Ms' });
  if (p95Ms < p90Ms) errors.push({ field: `${path}.p95Ms`, message: 'must not be below p90Ms' });
  if (p99Ms < p95Ms) errors.push({ field: `${path}.p99Ms`, message: 'must not be below p95Ms' });
  if (errors.length > before) return null;
  return {
    operationId: (operationId as string).toLowerCase(),
    name: name as string | null,
    count,
    failures,
    errorRate: count === 0 ? 0 : failures / count,
    p50Ms,
    p90Ms,
    p95Ms,
    p99Ms,
    avgMs: null,
    minMs: null,
    maxMs: null,
    throughputPerSecond,
  };
}

function readGeneric(body: Json): ReadResult {
  const errors: FieldError[] = [];
  const tool = body.tool;
  if (typeof tool !== 'string' || tool.trim() === '' || tool.length > maxToolCharacters || shortTextProblem(tool) !== null) {
    errors.push({ field: 'tool', message: tool === undefined ? 'missing: the name of the load tool' : `must name the load tool in 1 to ${maxToolCharacters} characters` });
  }
  const lines = body.operations as unknown[];
  if (lines.length === 0) errors.push({ field: 'operations', message: 'must hold at least one operation' });
  if (lines.length > maxGenericOperations) errors.push({ field: 'operations', message: `must hold at most ${maxGenericOperations} operations` });
  const operations = errors.length > 0 ? [] : lines.map((line, i) => readGenericLine(line, i, errors));
  const seen = new Set<string>();
  operations.forEach((line, i) => {
    if (line === null) return;
    if (seen.has(line.operationId)) errors.push({ field: `operations[${i}].operationId`, message: 'names an operation measured twice' });
    seen.add(line.operationId);
  });
  const iterations = body.iterations ?? null;
  if (iterations !== null && !isCount(iterations)) errors.push({ field: 'iterations', message: 'must be a whole number of 0 or more, or null' });
  const durationSeconds = body.durationSeconds ?? null;
  if (durationSeconds !== null && !isMeasure(durationSeconds)) errors.push({ field: 'durationSeconds', message: 'must be a number of 0 or more, or null' });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    format: 'generic',
    tool: (tool as string).trim(),
    measurements: { operations: operations as OperationFigures[], iterations: iterations as number | null, checks: null, durationSeconds: durationSeconds as number | null },
  };
}

/**
 * The figures of a measured result: a k6 summary when the body has
 * `metrics`, the generic shape when it has `operations`, else refused.
 */
export function readMeasuredResult(body: unknown, target: { operationId: string; name: string }): ReadResult {
  if (isObject(body) && isObject(body.metrics)) return readK6(body, target);
  if (isObject(body) && Array.isArray(body.operations)) return readGeneric(body);
  return {
    ok: false,
    errors: [{ field: isObject(body) ? 'metrics' : 'body', message: 'missing: neither a k6 end-of-test summary (an object with metrics) nor the generic shape (an object with tool and operations)' }],
  };
}
