import { describe, expect, it } from 'vitest';
import { crontab } from './task-list';
import { dueCronItems, minuteOf } from './due-cron-items';

describe('dueCronItems', () => {
  it('fires the ten-minute prune on minutes 0, 10, 20… (UTC) and not between; the scan sweep every minute', () => {
    expect(dueCronItems(crontab, new Date('2026-03-01T13:10:00Z')).map((i) => i.task)).toEqual(['prune-expired-rows', 'sweep-scans']);
    expect(dueCronItems(crontab, new Date('2026-03-01T00:00:00Z')).map((i) => i.task)).toEqual(['prune-expired-rows', 'sweep-scans']);
    expect(dueCronItems(crontab, new Date('2026-03-01T13:11:00Z')).map((i) => i.task)).toEqual(['sweep-scans']);
  });

  it('reads several lines and their own patterns', () => {
    const text = ['0 4 * * * nightly', '* * * * * every-minute'].join('\n');
    expect(dueCronItems(text, new Date('2026-03-01T04:00:00Z')).map((i) => i.task)).toEqual(['nightly', 'every-minute']);
    expect(dueCronItems(text, new Date('2026-03-01T05:00:00Z')).map((i) => i.task)).toEqual(['every-minute']);
  });
});

describe('minuteOf', () => {
  it('drops seconds and milliseconds', () => {
    expect(minuteOf(new Date('2026-03-01T13:10:59.999Z')).toISOString()).toBe('2026-03-01T13:10:00.000Z');
  });
});
