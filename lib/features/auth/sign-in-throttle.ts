/**
 * The rules that slow password guessing without letting an attacker lock a
 * victim out (docs/sign-in.md). Pure: the store loads and saves the state,
 * these functions say what a failure does to it.
 */

/**
 * Part 2 fixes "five wrong passwords lock an account for five minutes"; we
 * count them per account *and client*, so the lock holds the guesser only.
 */
export const signInThrottlePolicy = Object.freeze({
  /** Wrong passwords from one client that lock the account for that client (part 2 "Limits"). */
  failuresBeforeLock: 5,
  /** The first lock (part 2 "Limits": "5, then 5-minute lock"). */
  firstLockMs: 5 * 60_000,
  /** Each further lock without a success between lasts twice as long, up to this. */
  longestLockMs: 60 * 60_000,
  /** A client with no failure for this long starts afresh (no failures, no earlier locks). */
  forgetAfterMs: 24 * 3600_000,
  /** Failures of one account from every client within `accountWindowMs` above which each client is locked at its first failure. */
  accountCeiling: 100,
  accountWindowMs: 3600_000,
});

export type SignInThrottlePolicy = typeof signInThrottlePolicy;

/** What is stored for one (account, client) pair. */
export interface ClientFailureState {
  /** Failures since the last lock or success. */
  failures: number;
  /** Locks one after another. */
  locks: number;
  lockedUntil: Date | null;
  lastFailureAt: Date;
}

/** True while the pair's lock holds: the password is then not even compared. */
export function isClientLocked(state: ClientFailureState | undefined, now: Date): boolean {
  return state?.lockedUntil != null && state.lockedUntil.getTime() > now.getTime();
}

/** How long the n-th lock in a row lasts (n from 1): 5, 10, 20, 40, 60, 60 … minutes. */
export function lockDurationMs(lockNumber: number, policy: SignInThrottlePolicy = signInThrottlePolicy): number {
  return Math.min(policy.firstLockMs * 2 ** (lockNumber - 1), policy.longestLockMs);
}

export interface FailureOutcome {
  state: ClientFailureState;
  /** Set when this failure started a lock. */
  lock: { number: number; until: Date } | null;
}

/**
 * The pair's state after one more wrong password. `accountFailures` counts
 * this failure too. A failure that arrives while the pair is locked (one sent
 * at the same moment as the locking one) changes nothing. Over the account
 * ceiling a client is locked at its first failure: a many-address attack gets
 * one guess per address and lock, while a client that has not failed still
 * gets in with the right password.
 */
export function stateAfterFailure(
  previous: ClientFailureState | undefined,
  accountFailures: number,
  now: Date,
  policy: SignInThrottlePolicy = signInThrottlePolicy,
): FailureOutcome {
  if (previous && isClientLocked(previous, now)) return { state: previous, lock: null };
  const remembered = previous && now.getTime() - previous.lastFailureAt.getTime() < policy.forgetAfterMs ? previous : undefined;
  const failures = (remembered?.failures ?? 0) + 1;
  const locks = remembered?.locks ?? 0;
  const threshold = accountFailures > policy.accountCeiling ? 1 : policy.failuresBeforeLock;
  if (failures < threshold) return { state: { failures, locks, lockedUntil: null, lastFailureAt: now }, lock: null };
  const number = locks + 1;
  const until = new Date(now.getTime() + lockDurationMs(number, policy));
  return { state: { failures: 0, locks: number, lockedUntil: until, lastFailureAt: now }, lock: { number, until } };
}
