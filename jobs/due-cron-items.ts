import { parseCrontab, type ParsedCronItem } from 'graphile-worker';

/** The start of the minute `time` falls in: the tick a schedule fires for. */
export function minuteOf(time: Date): Date {
  return new Date(time.getTime() - (time.getTime() % 60_000));
}

/**
 * The crontab lines due at `tick`, read the way graphile-worker reads them
 * (times in UTC). The scheduled worker function has no long-running cron
 * loop, so it asks this once per invocation.
 *
 * @example
 * dueCronItems('*\/10 * * * * prune-expired-rows', new Date('2026-01-01T00:10:00Z')) // [the prune item]
 */
export function dueCronItems(crontab: string, tick: Date): ParsedCronItem[] {
  const digest = {
    min: tick.getUTCMinutes(),
    hour: tick.getUTCHours(),
    date: tick.getUTCDate(),
    month: tick.getUTCMonth() + 1,
    dow: tick.getUTCDay(),
  };
  return parseCrontab(crontab).filter((item) => item.match(digest));
}
