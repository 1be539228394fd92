/**
 * Stress profiles (pure): the load shape a script drives, its defaults from
 * the workspace's `simulation.*` settings (part 2: "The simulation values
 * only seed a new stress profile"), and the stages of arrival rate over time
 * that a k6 `ramping-arrival-rate` scenario runs (docs/load-tests.md "Profiles").
 */
import type { StressProfileShape } from '../../platform/db/schema';
import type { SettingsDocument } from '../settings/settings-schema';

export const stressProfileShapes = ['ramp', 'steady', 'spike', 'soak'] as const satisfies readonly StressProfileShape[];
export type { StressProfileShape };

/** Limits of a profile: the ranges part 2 allows the `simulation.*` values, and a bound of our own on virtual users. */
export const stressProfileLimits = Object.freeze({
  maxDurationSeconds: 3600,
  maxRatePerSecond: 100_000,
  maxVirtualUsers: 10_000,
  maxSeed: 2_147_483_647,
  /** A spike needs a rise, a peak and a fall of a second each, with the base rate around them. */
  minSpikeSeconds: 5,
});

/** How much higher a ramp climbs and a spike jumps than the arrival rate, when the profile does not say. */
export const defaultPeakFactor = 5;

export interface StressProfileValues {
  name: string;
  shape: StressProfileShape;
  seed: number;
  durationSeconds: number;
  warmUpSeconds: number;
  arrivalRatePerSecond: number;
  /** The highest rate: the end of a ramp, the top of a spike; equal to the arrival rate for steady and soak. */
  peakRatePerSecond: number;
  /** Virtual users k6 may use at most (preAllocatedVUs and maxVUs). */
  virtualUsers: number;
}

export interface StressProfile extends StressProfileValues {
  id: string;
  createdBy: string;
  createdAt: string;
}

/** One stage: reach `targetRate` (requests per second) linearly over `durationSeconds`. */
export interface LoadStage {
  durationSeconds: number;
  targetRate: number;
}

const shapeNames: Record<StressProfileShape, string> = { ramp: 'Ramp', steady: 'Steady', spike: 'Spike', soak: 'Soak' };

/** Twice the peak rate, so each virtual user may take up to two seconds an iteration; 1 to the limit. */
export function defaultVirtualUsers(peakRatePerSecond: number): number {
  return Math.min(stressProfileLimits.maxVirtualUsers, Math.max(1, Math.ceil(2 * peakRatePerSecond)));
}

export function defaultPeakRate(shape: StressProfileShape, arrivalRatePerSecond: number): number {
  return shape === 'ramp' || shape === 'spike' ? Math.min(stressProfileLimits.maxRatePerSecond, arrivalRatePerSecond * defaultPeakFactor) : arrivalRatePerSecond;
}

/**
 * A new profile of `shape` from the simulation settings: their seed,
 * warm-up, arrival rate and duration (a soak runs the longest duration a
 * profile may have, an hour; a spike at least 5 seconds after its warm-up).
 */
export function profileDefaults(shape: StressProfileShape, simulation: SettingsDocument['simulation']): StressProfileValues {
  const peakRatePerSecond = defaultPeakRate(shape, simulation.arrivalRatePerSecond);
  const { minSpikeSeconds } = stressProfileLimits;
  // A spike keeps room for its rise, peak and fall after the warm-up.
  const durationSeconds = shape === 'soak' ? stressProfileLimits.maxDurationSeconds : shape === 'spike' ? Math.max(minSpikeSeconds, simulation.durationSeconds) : simulation.durationSeconds;
  const warmUpSeconds = shape === 'spike' ? Math.min(simulation.warmUpSeconds, durationSeconds - minSpikeSeconds) : simulation.warmUpSeconds;
  return {
    name: `${shapeNames[shape]} ${simulation.arrivalRatePerSecond}/s`,
    shape,
    seed: simulation.seed,
    durationSeconds,
    warmUpSeconds,
    arrivalRatePerSecond: simulation.arrivalRatePerSecond,
    peakRatePerSecond,
    virtualUsers: defaultVirtualUsers(peakRatePerSecond),
  };
}

/**
 * Rules between the values of a profile (each value's own range is checked
 * by the request schema): field and message of each broken one.
 */
export function profileProblems(values: StressProfileValues): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (values.warmUpSeconds >= values.durationSeconds) problems.push({ field: 'warmUpSeconds', message: 'must be less than durationSeconds' });
  if ((values.shape === 'steady' || values.shape === 'soak') && values.peakRatePerSecond !== values.arrivalRatePerSecond) {
    problems.push({ field: 'peakRatePerSecond', message: `a ${values.shape} profile holds one rate: leave it out or give arrivalRatePerSecond` });
  }
  if (values.peakRatePerSecond < values.arrivalRatePerSecond) problems.push({ field: 'peakRatePerSecond', message: 'must not be below arrivalRatePerSecond' });
  if (values.shape === 'spike' && values.durationSeconds - values.warmUpSeconds < stressProfileLimits.minSpikeSeconds) {
    problems.push({ field: 'durationSeconds', message: `a spike needs at least ${stressProfileLimits.minSpikeSeconds} seconds after the warm-up` });
  }
  return problems;
}

/**
 * The stages of a profile. Every shape first warms up from 0 to the arrival
 * rate over `warmUpSeconds` (no stage when 0), then:
 * - steady, soak: hold the arrival rate for the rest;
 * - ramp: climb from the arrival rate reached in the warm-up to the peak over the rest;
 * - spike: hold the arrival rate a third of the rest (less the two seconds of
 *   rise and fall), rise to the peak in 1 s, hold it, fall back in 1 s, hold
 *   the arrival rate the last third.
 */
export function stagesOf(values: Pick<StressProfileValues, 'shape' | 'durationSeconds' | 'warmUpSeconds' | 'arrivalRatePerSecond' | 'peakRatePerSecond'>): LoadStage[] {
  const rate = values.arrivalRatePerSecond;
  const peak = values.peakRatePerSecond;
  const rest = values.durationSeconds - values.warmUpSeconds;
  const warmUp: LoadStage[] = values.warmUpSeconds > 0 ? [{ durationSeconds: values.warmUpSeconds, targetRate: rate }] : [];
  switch (values.shape) {
    case 'steady':
    case 'soak':
      return [...warmUp, { durationSeconds: rest, targetRate: rate }];
    case 'ramp':
      return [...warmUp, { durationSeconds: rest, targetRate: peak }];
    case 'spike': {
      const base = Math.floor((rest - 2) / 3);
      const top = rest - 2 - 2 * base;
      return [
        ...warmUp,
        { durationSeconds: base, targetRate: rate },
        { durationSeconds: 1, targetRate: peak },
        { durationSeconds: top, targetRate: peak },
        { durationSeconds: 1, targetRate: rate },
        { durationSeconds: base, targetRate: rate },
      ];
    }
  }
}

/**
 * k6 counts arrivals as whole iterations per `timeUnit`: the shortest of one
 * second, one minute and one hour in which every rate is a whole number, else
 * an hour with each rate rounded to the nearest whole number (at least 1).
 */
export function arrivalUnitOf(rates: readonly number[]): { timeUnit: '1s' | '1m' | '1h'; seconds: number; perUnit: (rate: number) => number } {
  const units = [
    { timeUnit: '1s', seconds: 1 },
    { timeUnit: '1m', seconds: 60 },
    { timeUnit: '1h', seconds: 3600 },
  ] as const;
  const exact = units.find((unit) => rates.every((rate) => Number.isInteger(rate * unit.seconds)));
  const unit = exact ?? units[2];
  return { ...unit, perUnit: (rate) => (exact ? rate * unit.seconds : Math.max(1, Math.round(rate * unit.seconds))) };
}
