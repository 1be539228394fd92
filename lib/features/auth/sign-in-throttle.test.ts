import { describe, expect, it } from 'vitest';
import { isClientLocked, lockDurationMs, signInThrottlePolicy, stateAfterFailure, type ClientFailureState } from './sign-in-throttle';

/** What one more wrong password does to a client's count (docs/sign-in.md). */
describe('sign-in throttle rules', () => {
  const t0 = new Date('2030-01-01T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const minutes = (n: number) => n * 60_000;
  const quiet = 1; // an account far below its ceiling

  /** Applies `n` failures at `now`, starting from `state`. */
  function fail(state: ClientFailureState | undefined, n: number, now: Date, accountFailures = quiet) {
    let current = state;
    let lock = null;
    for (let i = 0; i < n; i++) ({ state: current, lock } = stateAfterFailure(current, accountFailures, now));
    return { state: current!, lock };
  }

  it('keeps the numbers of part 2: five failures, then a five-minute lock', () => {
    expect(signInThrottlePolicy.failuresBeforeLock).toBe(5);
    expect(signInThrottlePolicy.firstLockMs).toBe(minutes(5));
  });

  it('locks grow: 5, 10, 20, 40 minutes, then an hour each', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => lockDurationMs(n) / 60_000)).toEqual([5, 10, 20, 40, 60, 60, 60]);
  });

  it('the fifth failure locks until five minutes later and starts the count again', () => {
    const four = fail(undefined, 4, at(0));
    expect(four.lock).toBeNull();
    expect(isClientLocked(four.state, at(0))).toBe(false);
    const five = stateAfterFailure(four.state, quiet, at(1000));
    expect(five.lock).toEqual({ number: 1, until: at(1000 + minutes(5)) });
    expect(five.state.failures).toBe(0);
    expect(isClientLocked(five.state, at(1000 + minutes(5) - 1))).toBe(true);
    expect(isClientLocked(five.state, at(1000 + minutes(5)))).toBe(false);
  });

  it('a failure during the lock changes nothing (it was sent with the locking one)', () => {
    const locked = fail(undefined, 5, at(0)).state;
    expect(stateAfterFailure(locked, quiet, at(1000))).toEqual({ state: locked, lock: null });
  });

  it('the next lock without a success between lasts twice as long', () => {
    const first = fail(undefined, 5, at(0));
    const second = fail(first.state, 5, at(minutes(5)));
    expect(second.lock).toEqual({ number: 2, until: at(minutes(15)) });
    const third = fail(second.state, 5, at(minutes(15)));
    expect(third.lock).toEqual({ number: 3, until: at(minutes(35)) });
  });

  it('a client quiet for a day starts afresh: four failures do not lock and the next lock is five minutes again', () => {
    const locked = fail(undefined, 5, at(0));
    const fourBefore = fail(locked.state, 4, at(minutes(10)));
    const dayLater = at(minutes(10) + signInThrottlePolicy.forgetAfterMs);
    expect(stateAfterFailure(fourBefore.state, quiet, dayLater).state.failures).toBe(1);
    const again = fail(fourBefore.state, 5, dayLater);
    expect(again.lock).toEqual({ number: 1, until: new Date(dayLater.getTime() + minutes(5)) });
  });

  it('over the account ceiling a client is locked at its first failure; at the ceiling it is not', () => {
    const ceiling = signInThrottlePolicy.accountCeiling;
    expect(stateAfterFailure(undefined, ceiling, at(0)).lock).toBeNull();
    expect(stateAfterFailure(undefined, ceiling + 1, at(0)).lock).toEqual({ number: 1, until: at(minutes(5)) });
  });
});
