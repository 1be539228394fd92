/**
 * How long a host asks us to wait, read from its answer (pure: the clock is
 * passed in). Covers the headers of the four git hosts and New Relic:
 * `Retry-After` (seconds or an HTTP date), GitHub's `X-RateLimit-Remaining`
 * and `X-RateLimit-Reset` (epoch seconds), GitLab's `RateLimit-Remaining` and
 * `RateLimit-Reset` (epoch seconds; a small value is read as seconds from now,
 * as the IETF draft writes it).
 */

export type RateLimitVerdict = { limited: false } | { limited: true; retryAtMs: number | null };

/** Epoch values are above this; anything smaller is a number of seconds from now. */
const epochSecondsFloor = 1_000_000_000;

function header(headers: Headers, ...names: string[]): string | null {
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null && value.trim() !== '') return value.trim();
  }
  return null;
}

/** `Retry-After` as an instant, or null when absent or unreadable. */
export function retryAfterInstant(headers: Headers, nowMs: number): number | null {
  const value = header(headers, 'retry-after');
  if (value === null) return null;
  if (/^\d+$/.test(value)) return nowMs + Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date;
}

/** The reset instant of the host's quota, or null. */
function resetInstant(headers: Headers, nowMs: number): number | null {
  const value = header(headers, 'x-ratelimit-reset', 'ratelimit-reset');
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= epochSecondsFloor ? number * 1000 : nowMs + number * 1000;
}

function quotaExhausted(headers: Headers): boolean {
  return header(headers, 'x-ratelimit-remaining', 'ratelimit-remaining') === '0';
}

/**
 * Whether an answer is a rate limit, and until when. A 429 always is; a 403 is
 * when it carries `Retry-After`, says the quota is used up, or (GitHub's
 * secondary limit) says "rate limit" in its body. `retryAtMs` is null when the
 * host names no time.
 */
export function readRateLimit(status: number, headers: Headers, bodyText: string, nowMs: number): RateLimitVerdict {
  const limited = status === 429 || (status === 403 && (header(headers, 'retry-after') !== null || quotaExhausted(headers) || /rate limit/i.test(bodyText)));
  if (!limited) return { limited: false };
  const retryAfter = retryAfterInstant(headers, nowMs);
  if (retryAfter !== null) return { limited: true, retryAtMs: retryAfter };
  return { limited: true, retryAtMs: resetInstant(headers, nowMs) };
}

/**
 * After a successful answer: the instant until which the quota is used up
 * (remaining 0 with a reset in the future), so the next call waits instead of
 * being refused. Null when calls may go on.
 */
export function quotaExhaustedUntil(headers: Headers, nowMs: number): number | null {
  if (!quotaExhausted(headers)) return null;
  const reset = resetInstant(headers, nowMs);
  return reset !== null && reset > nowMs ? reset : null;
}
