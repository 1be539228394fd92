/**
 * Usage assumptions of a cost estimate read as a rate of requests (pure):
 * the unit says requests (or calls, invocations, operations) per second,
 * minute, hour, day or month; anything else is no rate a load test can
 * measure. A month is an average Gregorian month, 365.25 ÷ 12 days
 * (docs/load-tests.md "Comparison with the estimate").
 */

const secondsPer: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  m: 60,
  min: 60,
  minute: 60,
  h: 3600,
  hr: 3600,
  hour: 3600,
  d: 86_400,
  day: 86_400,
  mo: 2_629_800,
  month: 2_629_800,
};

const shorthand: Record<string, number> = { rps: 1, rpm: 60, rph: 3600 };

const unitPattern = /^(?:(?:requests?|reqs?|calls?|invocations?|operations?|hits?)\s*)?(?:\/|\bper\s+)\s*(s|sec|seconds?|m|min|minutes?|h|hr|hours?|d|days?|mo|months?)$/;

/** Seconds of the period of a rate unit (`requests/month` → 2629800), or null when the unit is no request rate. */
export function ratePeriodSeconds(unit: string): number | null {
  const text = unit.trim().toLowerCase();
  if (Object.hasOwn(shorthand, text)) return shorthand[text]!;
  const match = unitPattern.exec(text);
  if (!match) return null;
  const period = match[1]!.replace(/s$/, '');
  return secondsPer[period] ?? secondsPer[match[1]!] ?? null;
}
