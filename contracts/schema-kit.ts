/**
 * Small pieces the schemas of the contracts are made of, and `Same`, with which a reader that
 * keeps rules of its own is held to a contract's type by the compiler.
 */
import { z } from 'zod';

/** An ID as the service writes it (8-4-4-4-12 hex digits). */
export const guid = z.guid().meta({ id: 'Guid' });

/** A point in time as JSON carries it (ISO 8601, e.g. `2025-01-31T12:00:00.000Z`). */
export const timestamp = z.iso.datetime({ offset: true }).meta({ id: 'Timestamp' });

/** A calendar date, `YYYY-MM-DD`. */
export const calendarDate = z.iso.date().meta({ id: 'CalendarDate' });

/** A page of a list: `{items, nextCursor}`; `nextCursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable().meta({ description: 'Send as `cursor` for the next page; null on the last.' }) });
}

/** A whole list: `{items}`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** Any JSON value the service stores as it came (a detail, a payload). */
export const anyJson = z.unknown();

/**
 * True when A and B are the same type: `const check: Same<A, B> = true` does not compile when a
 * member is missing, extra, renamed or of another type.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A member a reader skipped because the format has no such field (a model import, a scenario save). */
export const ignoredMemberSchema = z.object({ path: z.string().meta({ description: 'JSON path of the member, e.g. `$.elements[0].nmae`.' }), reason: z.string() }).meta({ id: 'IgnoredMember' });

export type IgnoredMember = z.infer<typeof ignoredMemberSchema>;
