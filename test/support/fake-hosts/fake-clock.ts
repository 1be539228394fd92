/**
 * A clock and a sleep for clients under test: sleeping records the wait and
 * moves the clock on at once, so rate-limit waits are checked without waiting.
 */
export interface FakeClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Every wait asked for, in milliseconds. */
  readonly sleeps: number[];
}

export function fakeClock(startMs = Date.parse('2026-01-15T12:00:00Z')): FakeClock {
  let current = startMs;
  const sleeps: number[] = [];
  return {
    now: () => current,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      current += ms;
    },
    sleeps,
  };
}
