import { z } from 'zod';

/**
 * Calendar days (`YYYY-MM-DD`): price and assumption effective dates and the date an estimate is
 * made for; one rule for every field that holds a day. A day, not an instant: arithmetic is done in UTC so no time zone shifts it.
 */
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is `YYYY-MM-DD` naming a day that exists (2026-02-30 does not), year 0001 to 9999. */
export function isCalendarDate(text: string): boolean {
  const m = datePattern.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last of this one (setUTCFullYear, unlike Date.UTC, keeps years below 100).
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return last.getUTCDate();
}

/** A request field or query value holding a calendar day. */
export const calendarDate = z.string('must be a date written YYYY-MM-DD').refine(isCalendarDate, 'must be a calendar date written YYYY-MM-DD, such as 2025-01-31');

/** The day `now` falls on in UTC: what "today" means for a date left out. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function dateOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, date);
  return d;
}

function textOf(d: Date): string {
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The day `days` days before `day` (`daysBefore('2026-03-01', 1)` is `2026-02-28`). */
export function daysBefore(day: string, days: number): string {
  const d = dateOf(day);
  d.setUTCDate(d.getUTCDate() - days);
  return textOf(d);
}
