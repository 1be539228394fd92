/** Tries per event, the first included (docs/webhooks.md "Retries"). */
export const webhookMaxTries = 8;

/**
 * The wait before the next try after try `failedTry` (1-based) failed: the base doubled per
 * try, base × 2^(failedTry − 1). With the 60 s base: 1, 2, 4, 8, 16, 32, 64 minutes, the last
 * try about 2 h 7 min after the first.
 */
export function retryDelayMs(failedTry: number, baseMs: number): number {
  return baseMs * 2 ** (failedTry - 1);
}

/** How long a try holds its event: the try's time limit and a margin for recording it. */
export function tryLeaseMs(timeoutMs: number): number {
  return timeoutMs + 60_000;
}
