import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Measurements, OperationFigures } from './measured-result';
import { compareMeasurements } from './regression';

const operationId = '0b6f5a61-0000-4000-8000-000000000001';

function measured(figures: Partial<OperationFigures>): Measurements {
  const line: OperationFigures = { operationId, name: null, count: 1000, failures: 0, errorRate: 0, p50Ms: 1, p90Ms: 1, p95Ms: 1, p99Ms: 1, avgMs: null, minMs: null, maxMs: null, throughputPerSecond: 1, ...figures };
  return { operations: [line], iterations: null, checks: null, durationSeconds: null };
}

describe('regression between two results', () => {
  it('p95: regressed above +10 %, improved below −10 %, same at the threshold itself (exact, by whole numbers)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (baseline, candidate) => {
        const verdict = compareMeasurements(measured({ p95Ms: baseline }), measured({ p95Ms: candidate })).operations[0]!.p95Ms.verdict;
        // (c − b) / b > 10 % ⇔ 10c > 11b; < −10 % ⇔ 10c < 9b.
        expect(verdict).toBe(10 * candidate > 11 * baseline ? 'regressed' : 10 * candidate < 9 * baseline ? 'improved' : 'same');
      }),
    );
  });

  it('throughput: regressed below −10 %, improved above +10 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (baseline, candidate) => {
        const verdict = compareMeasurements(measured({ throughputPerSecond: baseline }), measured({ throughputPerSecond: candidate })).operations[0]!.throughputPerSecond.verdict;
        expect(verdict).toBe(10 * candidate < 9 * baseline ? 'regressed' : 10 * candidate > 11 * baseline ? 'improved' : 'same');
      }),
    );
  });

  it('error rate: regressed more than 1 point up, improved more than 1 point down, exactly 1 point is same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (before, after) => {
        // Failures of 1000 requests: a rate with three decimals, its points (after − before) / 10.
        const rate = (failures: number) => ({ failures, errorRate: failures / 1000 });
        const line = compareMeasurements(measured(rate(before)), measured(rate(after))).operations[0]!;
        expect(line.errorRate.verdict).toBe(after - before > 10 ? 'regressed' : before - after > 10 ? 'improved' : 'same');
        expect(line.errorRate.change).toBe((after - before) / 10);
      }),
    );
  });

  it('a baseline of 0 has no ratio: any p95 above it regresses, any throughput above it improves', () => {
    const line = compareMeasurements(measured({ p95Ms: 0, throughputPerSecond: 0 }), measured({ p95Ms: 5, throughputPerSecond: 5 })).operations[0]!;
    expect(line.p95Ms).toEqual({ baseline: 0, candidate: 5, change: null, verdict: 'regressed' });
    expect(line.throughputPerSecond).toEqual({ baseline: 0, candidate: 5, change: null, verdict: 'improved' });
    expect(compareMeasurements(measured({ p95Ms: 0 }), measured({ p95Ms: 0 })).operations[0]!.p95Ms.verdict).toBe('same');
  });

  it('with no operation in both, nothing is compared and the verdict is same', () => {
    const other = { ...measured({}), operations: [{ ...measured({}).operations[0]!, operationId: '0b6f5a61-0000-4000-8000-000000000002' }] };
    expect(compareMeasurements(measured({}), other)).toMatchObject({ verdict: 'same', operations: [], onlyInBaseline: [operationId], onlyInCandidate: ['0b6f5a61-0000-4000-8000-000000000002'] });
  });
});
