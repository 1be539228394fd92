/**
 * Regression between two measured results (pure), per operation measured in
 * both: the 95th percentile, the error rate and the throughput of the
 * candidate against the baseline. Part 2 has no setting for the thresholds:
 * they are fixed here and recorded in docs/decisions.md "Load tests".
 * Arithmetic is exact (decimal), so a change exactly at a threshold is `same`.
 */
import { ExactDecimal } from '../../platform/money/exact-decimal';
import type { Measurements, OperationFigures } from './measured-result';

export const regressionThresholds = Object.freeze({
  /** p95 more than this many per cent above the baseline regresses; as far below improves. */
  p95ChangePercent: 10,
  /** An error rate more than this many percentage points above the baseline regresses; as far below improves. */
  errorRateChangePoints: 1,
  /** Throughput more than this many per cent below the baseline regresses; as far above improves. */
  throughputChangePercent: 10,
});

export type Verdict = 'regressed' | 'improved' | 'same';

export interface MetricChange {
  baseline: number;
  candidate: number;
  /** Per cent for p95 and throughput, percentage points for the error rate, to 4 places; null when the baseline is 0 (no ratio). */
  change: number | null;
  verdict: Verdict;
}

export interface OperationRegression {
  operationId: string;
  name: string | null;
  p95Ms: MetricChange;
  errorRate: MetricChange;
  throughputPerSecond: MetricChange;
  verdict: Verdict;
}

export interface Regression {
  thresholds: typeof regressionThresholds;
  verdict: Verdict;
  operations: OperationRegression[];
  /** Operations measured by one result only: no verdict. */
  onlyInBaseline: string[];
  onlyInCandidate: string[];
}

const hundred = new ExactDecimal(100);

function exact(value: number): InstanceType<typeof ExactDecimal> {
  return new ExactDecimal(String(value));
}

function rounded(value: InstanceType<typeof ExactDecimal>): number {
  return value.toDecimalPlaces(4).toNumber();
}

/** `higherIsWorse`: p95 (a rise regresses); otherwise throughput (a fall regresses). */
function percentChange(baseline: number, candidate: number, threshold: number, higherIsWorse: boolean): MetricChange {
  if (baseline === 0) {
    const verdict: Verdict = candidate === 0 ? 'same' : higherIsWorse ? 'regressed' : 'improved';
    return { baseline, candidate, change: null, verdict };
  }
  const change = exact(candidate).minus(exact(baseline)).times(hundred).dividedBy(exact(baseline));
  const worse = higherIsWorse ? change.greaterThan(threshold) : change.lessThan(-threshold);
  const better = higherIsWorse ? change.lessThan(-threshold) : change.greaterThan(threshold);
  return { baseline, candidate, change: rounded(change), verdict: worse ? 'regressed' : better ? 'improved' : 'same' };
}

function pointChange(baseline: number, candidate: number, threshold: number): MetricChange {
  const change = exact(candidate).minus(exact(baseline)).times(hundred);
  const verdict: Verdict = change.greaterThan(threshold) ? 'regressed' : change.lessThan(-threshold) ? 'improved' : 'same';
  return { baseline, candidate, change: rounded(change), verdict };
}

/** Regressed when any part regressed; else improved when any improved; else same. */
export function combinedVerdict(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('regressed')) return 'regressed';
  return verdicts.includes('improved') ? 'improved' : 'same';
}

function compareOperation(baseline: OperationFigures, candidate: OperationFigures): OperationRegression {
  const p95Ms = percentChange(baseline.p95Ms, candidate.p95Ms, regressionThresholds.p95ChangePercent, true);
  const errorRate = pointChange(baseline.errorRate, candidate.errorRate, regressionThresholds.errorRateChangePoints);
  const throughputPerSecond = percentChange(baseline.throughputPerSecond, candidate.throughputPerSecond, regressionThresholds.throughputChangePercent, false);
  return {
    operationId: candidate.operationId,
    name: candidate.name ?? baseline.name,
    p95Ms,
    errorRate,
    throughputPerSecond,
    verdict: combinedVerdict([p95Ms.verdict, errorRate.verdict, throughputPerSecond.verdict]),
  };
}

/**
 * The regression of `candidate` against `baseline`. With no operation
 * measured in both, the verdict is `same`: nothing was compared.
 */
export function compareMeasurements(baseline: Measurements, candidate: Measurements): Regression {
  const byId = new Map(baseline.operations.map((o) => [o.operationId, o]));
  const candidateIds = new Set(candidate.operations.map((o) => o.operationId));
  const operations = candidate.operations.flatMap((c) => {
    const b = byId.get(c.operationId);
    return b ? [compareOperation(b, c)] : [];
  });
  return {
    thresholds: regressionThresholds,
    verdict: combinedVerdict(operations.map((o) => o.verdict)),
    operations,
    onlyInBaseline: baseline.operations.filter((o) => !candidateIds.has(o.operationId)).map((o) => o.operationId),
    onlyInCandidate: candidate.operations.filter((o) => !byId.has(o.operationId)).map((o) => o.operationId),
  };
}
