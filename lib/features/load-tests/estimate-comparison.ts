/**
 * A measured result next to what the model declares (pure): per measured
 * operation, its timeout against the measured percentiles, its retry budget
 * and the calls a playback run expects against the requests measured per
 * iteration, and the cost estimate's usage assumptions on it against the
 * throughput reached. Each line is `within`, `outside`, or `not-comparable`
 * when one side is missing (docs/load-tests.md "Comparison with the estimate").
 */
import { ExactDecimal } from '../../platform/money/exact-decimal';
import type { ModelSnapshot, OperationRecord } from '../../core/model/model-records';
import type { PlaybackEvent } from '../../core/playback/playback-types';
import type { Measurements, OperationFigures } from './measured-result';
import { ratePeriodSeconds } from './usage-rate';

export const comparisonChecks = ['timeout-p95', 'timeout-p99', 'retry-budget', 'expected-calls', 'usage'] as const;
export type ComparisonCheck = (typeof comparisonChecks)[number];
export type LineStatus = 'within' | 'outside' | 'not-comparable';

export interface ComparisonLine {
  operationId: string;
  operationName: string | null;
  check: ComparisonCheck;
  /** The assumption of a `usage` line, else null. */
  assumptionId: string | null;
  declared: number | null;
  measured: number | null;
  unit: string;
  status: LineStatus;
  detail: string;
}

export interface UsageAssumption {
  id: string;
  name: string;
  kind: string;
  subjectId: string | null;
  /** A decimal string, or the text given, or null. */
  value: string | null;
  unit: string;
  label: string;
}

export interface EstimateComparisonInputs {
  measurements: Measurements;
  /** The main model now. */
  model: ModelSnapshot;
  /** The events of the playback run. */
  events: readonly PlaybackEvent[];
  assumptions: readonly UsageAssumption[];
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function line(figures: OperationFigures, operation: OperationRecord | undefined, rest: Omit<ComparisonLine, 'operationId' | 'operationName'>): ComparisonLine {
  return { operationId: figures.operationId, operationName: operation?.name ?? figures.name, ...rest, declared: rest.declared === null ? null : round(rest.declared), measured: rest.measured === null ? null : round(rest.measured) };
}

function timeoutLine(figures: OperationFigures, operation: OperationRecord, check: 'timeout-p95' | 'timeout-p99', measured: number): ComparisonLine {
  const timeoutMs = operation.timeoutMs;
  const percentile = check === 'timeout-p95' ? 'p95' : 'p99';
  if (timeoutMs === null || timeoutMs === 0) {
    return line(figures, operation, { check, assumptionId: null, declared: null, measured, unit: 'ms', status: 'not-comparable', detail: 'The model declares no timeout for this operation.' });
  }
  // Part 1 playback rule 2: a response exactly at the end of the timeout is late.
  const within = measured < timeoutMs;
  return line(figures, operation, {
    check,
    assumptionId: null,
    declared: timeoutMs,
    measured,
    unit: 'ms',
    status: within ? 'within' : 'outside',
    detail: within ? `The measured ${percentile} is below the declared timeout.` : `The measured ${percentile} reaches the declared timeout: calls that slow fail by the model.`,
  });
}

function callLines(figures: OperationFigures, operation: OperationRecord, iterations: number | null, events: readonly PlaybackEvent[]): ComparisonLine[] {
  const sent = events.filter((e) => e.kind === 'RequestSent' && e.target === operation.id);
  const expectedAttempts = sent.length;
  const expectedCalls = sent.filter((e) => e.attempt === 1).length;
  const maxAttempts = operation.retry?.maxAttempts ?? 1;
  if (iterations === null || iterations === 0) {
    const detail = 'The result does not say how many iterations ran, so requests per iteration are unknown.';
    return [
      line(figures, operation, { check: 'retry-budget', assumptionId: null, declared: maxAttempts, measured: null, unit: 'attempts per call', status: 'not-comparable', detail }),
      line(figures, operation, { check: 'expected-calls', assumptionId: null, declared: expectedAttempts, measured: null, unit: 'requests per iteration', status: 'not-comparable', detail }),
    ];
  }
  const perIteration = figures.count / iterations;
  const budget =
    expectedCalls === 0
      ? line(figures, operation, { check: 'retry-budget', assumptionId: null, declared: maxAttempts, measured: null, unit: 'attempts per call', status: 'not-comparable', detail: 'The playback run makes no call of this operation, so attempts per call are unknown.' })
      : (() => {
          const attemptsPerCall = perIteration / expectedCalls;
          const within = attemptsPerCall <= maxAttempts;
          return line(figures, operation, {
            check: 'retry-budget',
            assumptionId: null,
            declared: maxAttempts,
            measured: attemptsPerCall,
            unit: 'attempts per call',
            status: within ? 'within' : 'outside',
            detail: within ? 'Measured attempts per call stay within the declared attempts.' : 'Measured attempts per call exceed the declared attempts.',
          });
        })();
  const within = perIteration <= expectedAttempts;
  const expected = line(figures, operation, {
    check: 'expected-calls',
    assumptionId: null,
    declared: expectedAttempts,
    measured: perIteration,
    unit: 'requests per iteration',
    status: within ? 'within' : 'outside',
    detail: within ? 'Measured requests per iteration are no more than the playback run sends.' : `Measured requests per iteration exceed the ${expectedAttempts} the playback run sends, retries included.`,
  });
  return [budget, expected];
}

function usageLines(figures: OperationFigures, operation: OperationRecord | undefined, assumptions: readonly UsageAssumption[]): ComparisonLine[] {
  const subjects = new Set([figures.operationId, ...(operation ? [operation.ownerId] : [])]);
  return assumptions
    .filter((a) => a.subjectId !== null && subjects.has(a.subjectId))
    .map((assumption) => {
      const base = { check: 'usage' as const, assumptionId: assumption.id, measured: figures.throughputPerSecond, unit: 'requests/s' };
      const period = ratePeriodSeconds(assumption.unit);
      const value = assumption.value !== null && /^\d+(\.\d+)?$/.test(assumption.value) ? new ExactDecimal(assumption.value) : null;
      if (period === null || value === null) {
        const why = period === null ? `its unit ${JSON.stringify(assumption.unit)} is no rate of requests` : 'its value is not a number';
        return line(figures, operation, { ...base, declared: null, status: 'not-comparable', detail: `Assumption ${JSON.stringify(assumption.name)}: ${why}.` });
      }
      const perSecond = value.dividedBy(period);
      const within = new ExactDecimal(String(figures.throughputPerSecond)).greaterThanOrEqualTo(perSecond);
      return line(figures, operation, {
        ...base,
        declared: perSecond.toNumber(),
        status: within ? 'within' : 'outside',
        detail: within
          ? `The test reached the rate assumption ${JSON.stringify(assumption.name)} rests the estimate on.`
          : `The test did not reach the rate assumption ${JSON.stringify(assumption.name)} rests the estimate on, so it does not back it.`,
      });
    });
}

/** The lines of the comparison, operation by operation in the result's order. */
export function compareWithEstimate(inputs: EstimateComparisonInputs): ComparisonLine[] {
  return inputs.measurements.operations.flatMap((figures) => {
    const operation = inputs.model.operation.get(figures.operationId);
    if (!operation) {
      return [line(figures, undefined, { check: 'timeout-p95', assumptionId: null, declared: null, measured: figures.p95Ms, unit: 'ms', status: 'not-comparable', detail: 'The main model does not hold this operation.' })];
    }
    return [
      timeoutLine(figures, operation, 'timeout-p95', figures.p95Ms),
      ...(figures.p99Ms === null ? [] : [timeoutLine(figures, operation, 'timeout-p99', figures.p99Ms)]),
      ...callLines(figures, operation, inputs.measurements.iterations, inputs.events),
      ...usageLines(figures, operation, inputs.assumptions),
    ];
  });
}
