import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrivalUnitOf, profileDefaults, profileProblems, stagesOf, stressProfileShapes, type StressProfileValues } from './stress-profile';

const values: fc.Arbitrary<StressProfileValues> = fc
  .record({
    shape: fc.constantFrom(...stressProfileShapes),
    durationSeconds: fc.integer({ min: 1, max: 3600 }),
    warmUpShare: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    arrivalRatePerSecond: fc.double({ min: 0.001, max: 100_000, noNaN: true }),
    peakFactor: fc.double({ min: 1, max: 10, noNaN: true }),
  })
  .map((v) => ({
    name: 'p',
    shape: v.shape,
    seed: 1,
    durationSeconds: v.durationSeconds,
    warmUpSeconds: Math.floor(v.durationSeconds * v.warmUpShare),
    arrivalRatePerSecond: v.arrivalRatePerSecond,
    peakRatePerSecond: v.shape === 'steady' || v.shape === 'soak' ? v.arrivalRatePerSecond : Math.min(100_000, v.arrivalRatePerSecond * v.peakFactor),
    virtualUsers: 1,
  }));

describe('stress profile stages', () => {
  it('every valid profile gives stages of at least a second that add up to its duration, never above its peak', () => {
    fc.assert(
      fc.property(values, (profile) => {
        fc.pre(profileProblems(profile).length === 0);
        const stages = stagesOf(profile);
        expect(stages.reduce((sum, s) => sum + s.durationSeconds, 0)).toBe(profile.durationSeconds);
        for (const stage of stages) {
          expect(stage.durationSeconds).toBeGreaterThanOrEqual(1);
          expect(Number.isInteger(stage.durationSeconds)).toBe(true);
          expect(stage.targetRate).toBeLessThanOrEqual(profile.peakRatePerSecond);
        }
        expect(Math.max(...stages.map((s) => s.targetRate))).toBe(profile.shape === 'ramp' || profile.shape === 'spike' ? profile.peakRatePerSecond : profile.arrivalRatePerSecond);
      }),
    );
  });

  it('k6 gets whole arrivals per time unit: exact when a second, minute or hour makes them whole, else rounded to at least 1', () => {
    expect(arrivalUnitOf([10, 50]).timeUnit).toBe('1s');
    expect(arrivalUnitOf([2.5, 12.5]).timeUnit).toBe('1m');
    const hour = arrivalUnitOf([0.0001]);
    expect(hour.timeUnit).toBe('1h');
    expect(hour.perUnit(0.0001)).toBe(1);
    fc.assert(fc.property(fc.array(fc.double({ min: 0.0001, max: 100_000, noNaN: true }), { minLength: 1, maxLength: 6 }), (rates) => {
      const unit = arrivalUnitOf(rates);
      for (const rate of rates) expect(Number.isInteger(unit.perUnit(rate)) && unit.perUnit(rate) >= 1).toBe(true);
    }));
  });

  it('the defaults of each shape are a valid profile for any simulation settings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3600 }), fc.double({ min: 0.001, max: 100_000, noNaN: true }), fc.integer({ min: 0, max: 2_147_483_647 }), (durationSeconds, arrivalRatePerSecond, seed) => {
        const simulation = { seed, durationSeconds, warmUpSeconds: durationSeconds - 1, arrivalRatePerSecond };
        for (const shape of stressProfileShapes) expect(profileProblems(profileDefaults(shape, simulation))).toEqual([]);
      }),
    );
  });
});
